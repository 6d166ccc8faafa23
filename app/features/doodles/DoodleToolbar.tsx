import { secondaryButton } from '../../ui/form';
import { PENS, SIZES } from './DoodleCanvas';
import type { DoodleSheet } from './use-doodle-sheet';

const tool =
  'rounded-lg border-2 px-3 py-1.5 text-sm font-medium aria-pressed:border-brand-700 aria-pressed:bg-brand-50 dark:aria-pressed:bg-slate-800 border-slate-300 dark:border-slate-600';

/** Pens, sizes, eraser, undo, redo and clear; clearing asks first. */
export function DoodleToolbar({ sheet, dark }: { sheet: DoodleSheet; dark: boolean }) {
  const { strokes, redo, pen, size, eraser } = sheet;
  return (
    <>
      <div role="toolbar" aria-label="Drawing tools" className="flex flex-wrap items-center gap-2">
        {PENS.map((p) => (
          <button
            key={p.name}
            type="button"
            className={tool}
            aria-pressed={!eraser && pen === p.id}
            onClick={() => {
              sheet.setPen(p.id);
              sheet.setEraser(false);
            }}
          >
            {/* The pen's color as it draws in this theme (light ink on the dark sheet). */}
            <span
              aria-hidden="true"
              className="mr-1.5 inline-block h-3.5 w-3.5 rounded-full align-middle ring-1 ring-slate-400 dark:ring-slate-500"
              style={{ background: dark ? p.dark : p.light }}
            />
            {p.name}
          </button>
        ))}
        {SIZES.map((s) => (
          <button
            key={s.name}
            type="button"
            className={tool}
            aria-pressed={size === s.size}
            onClick={() => sheet.setSize(s.size)}
          >
            {s.name}
          </button>
        ))}
        <button
          type="button"
          className={tool}
          aria-pressed={eraser}
          onClick={() => sheet.setEraser((e) => !e)}
        >
          Eraser
        </button>
        <button type="button" className={tool} onClick={sheet.undo} disabled={strokes.length === 0}>
          Undo
        </button>
        <button
          type="button"
          className={tool}
          onClick={sheet.redoStroke}
          disabled={redo.length === 0}
        >
          Redo
        </button>
        <button
          type="button"
          className={tool}
          onClick={() => sheet.setConfirmClear(true)}
          disabled={strokes.length === 0}
        >
          Clear
        </button>
      </div>
      {sheet.confirmClear && (
        <div
          role="alertdialog"
          aria-label="Clear the drawing?"
          className="flex flex-wrap items-center gap-3 rounded-lg bg-amber-50 px-4 py-2 text-amber-950 dark:bg-amber-950 dark:text-amber-100"
        >
          <span>Clear the whole drawing? You can still undo it.</span>
          <button type="button" className={secondaryButton} onClick={sheet.clear}>
            Clear
          </button>
          <button
            type="button"
            className={secondaryButton}
            onClick={() => sheet.setConfirmClear(false)}
          >
            Keep it
          </button>
        </div>
      )}
    </>
  );
}
