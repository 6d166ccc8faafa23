import { useEffect, useRef, useState } from 'react';
import { PENS, SIZES, type PenId, type Stroke } from './DoodleCanvas';

/**
 * The sheet being drawn: its strokes and the ones undone (Ctrl/⌘+Z, Shift for redo), the
 * pen, size and eraser, and the "Clear?" question. A new word starts a clean sheet.
 */
export function useDoodleSheet(wordId: string | null) {
  const [strokes, setStrokes] = useState<Stroke[]>([]);
  const [redo, setRedo] = useState<Stroke[]>([]);
  const [pen, setPen] = useState<PenId>(PENS[0].id);
  const [size, setSize] = useState<number>(SIZES[1].size);
  const [eraser, setEraser] = useState(false);
  const [confirmClear, setConfirmClear] = useState(false);

  // A new word starts a clean sheet.
  const [sheetFor, setSheetFor] = useState(wordId);
  if (sheetFor !== wordId) {
    setSheetFor(wordId);
    setStrokes([]);
    setRedo([]);
  }

  const undo = () => {
    const last = strokes.at(-1);
    if (!last) return;
    setStrokes(strokes.slice(0, -1));
    setRedo([...redo, last]);
  };
  const redoStroke = () => {
    const next = redo.at(-1);
    if (!next) return;
    setRedo(redo.slice(0, -1));
    setStrokes([...strokes, next]);
  };
  const undoRef = useRef(undo);
  const redoRef = useRef(redoStroke);
  useEffect(() => {
    undoRef.current = undo;
    redoRef.current = redoStroke;
  });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.key.toLowerCase() !== 'z') return;
      if ((e.target as HTMLElement | null)?.closest('input, textarea')) return;
      e.preventDefault();
      if (e.shiftKey) redoRef.current();
      else undoRef.current();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const addStroke = (s: Stroke) => {
    setStrokes((prev) => [...prev, s]);
    setRedo([]);
  };
  const clear = () => {
    setRedo([...redo, ...[...strokes].reverse()]);
    setStrokes([]);
    setConfirmClear(false);
  };

  return {
    strokes,
    redo,
    pen,
    setPen,
    size,
    setSize,
    eraser,
    setEraser,
    confirmClear,
    setConfirmClear,
    undo,
    redoStroke,
    addStroke,
    clear,
  };
}

export type DoodleSheet = ReturnType<typeof useDoodleSheet>;
