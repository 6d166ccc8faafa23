import { useState, type RefObject } from 'react';
import { patchItem, useListAction } from '../../lib/items';
import type { DoodleCanvasHandle, Stroke } from './DoodleCanvas';
import { useSaveDoodle } from '../../data/doodles';
import type { Kept } from '../../data/doodles';

type Status = { tone: 'error' | 'success'; text: string } | null;

/**
 * Saving what was drawn (or kept on this device, for a guest), saving a description in its
 * place, deleting a kept doodle, and the message each leaves. A new word clears the message
 * and the description.
 */
export function useDoodleSave({
  wordId,
  strokes,
  canvas,
  wordOf,
}: {
  wordId: string | null;
  strokes: readonly Stroke[];
  canvas: RefObject<DoodleCanvasHandle | null>;
  wordOf: (id: string) => string;
}) {
  const listAction = useListAction('word');
  const saveDoodle = useSaveDoodle();
  const [status, setStatus] = useState<Status>(null);
  const [saving, setSaving] = useState(false);
  const [description, setDescription] = useState('');

  const [sheetFor, setSheetFor] = useState(wordId);
  if (sheetFor !== wordId) {
    setSheetFor(wordId);
    setStatus(null);
    setDescription('');
  }

  // A guest's doodle is kept on this device and saved to their account on sign-in.
  async function save() {
    if (!wordId || strokes.length === 0) return;
    setSaving(true);
    setStatus(null);
    try {
      const png = await canvas.current?.toPng();
      if (!png) throw new Error('The drawing could not be exported.');
      const where = await saveDoodle(wordId, png);
      setStatus({
        tone: 'success',
        text:
          where === 'kept'
            ? `Kept your doodle of “${wordOf(wordId)}” on this device. Log in to save it to your account.`
            : `Saved your doodle of “${wordOf(wordId)}”.`,
      });
    } catch (err) {
      setStatus({
        tone: 'error',
        text: err instanceof Error ? err.message : 'The doodle could not be saved.',
      });
    } finally {
      setSaving(false);
    }
  }

  async function saveDescription() {
    if (!wordId || description.trim().length === 0) return;
    setStatus(null);
    try {
      await patchItem('word', wordId, {
        entries: [{ type: 'description', text: description.trim(), at: new Date().toISOString() }],
      });
      await listAction(wordId, 'doodled');
      setStatus({ tone: 'success', text: `Saved your description of “${wordOf(wordId)}”.` });
    } catch (err) {
      setStatus({
        tone: 'error',
        text: err instanceof Error ? err.message : 'The description could not be saved.',
      });
    }
  }

  async function remove(d: Kept) {
    if (!window.confirm(`Delete your doodle of “${wordOf(d.wordId)}”?`)) return;
    await d
      .remove()
      .catch(() =>
        setStatus({ tone: 'error', text: 'That doodle could not be deleted. Please try again.' }),
      );
  }

  return { status, saving, description, setDescription, save, saveDescription, remove };
}
