import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { inputClass, secondaryButton } from './form';

export interface Slide {
  title: string;
  content: string;
}

interface Props {
  label: string;
  value: Slide[];
  onChange: (next: Slide[]) => void;
  maxSlides?: number;
}

export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

const button = `${secondaryButton} min-h-11 aria-disabled:cursor-not-allowed aria-disabled:opacity-60`;

function Step({
  atEnd,
  onPress,
  children,
}: {
  atEnd: boolean;
  onPress: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      onClick={() => !atEnd && onPress()}
      aria-disabled={atEnd || undefined}
      className={button}
    >
      {children}
    </button>
  );
}

/**
 * A deck edited one slide at a time. Which slide is shown is this widget's own state; the
 * slides themselves are the parent's. Buttons at an end are aria-disabled rather than
 * disabled: a disabled button drops keyboard focus onto the page.
 */
export function Slides({ label, value, onChange, maxSlides = 12 }: Props) {
  const id = useId();
  const [shown, setShown] = useState(0);
  const index = Math.max(0, Math.min(shown, value.length - 1));
  const slide = value[index];
  const full = value.length >= maxSlides;
  const titleInput = useRef<HTMLInputElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  // After adding, or removing the last slide, the parent re-renders us; then focus the new
  // slide's title (or the empty deck's Add button) so focus does not fall to the page.
  const pendingFocus = useRef(false);
  useEffect(() => {
    if (!pendingFocus.current) return;
    pendingFocus.current = false;
    (titleInput.current ?? addButton.current)?.focus();
  });

  function edit(field: keyof Slide, text: string) {
    onChange(value.map((s, i) => (i === index ? { ...s, [field]: text } : s)));
  }

  function add() {
    if (full) return;
    const at = value.length === 0 ? 0 : index + 1;
    pendingFocus.current = true;
    setShown(at);
    onChange([...value.slice(0, at), { title: '', content: '' }, ...value.slice(at)]);
  }

  function remove() {
    pendingFocus.current = value.length === 1;
    setShown(Math.min(index, value.length - 2));
    onChange(value.filter((_, i) => i !== index));
  }

  function move(by: -1 | 1) {
    setShown(index + by);
    onChange(moveItem(value, index, index + by));
  }

  return (
    <fieldset className="min-w-0">
      <legend className="text-sm font-medium">{label}</legend>
      <p aria-live="polite" className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        {slide ? `Slide ${index + 1} of ${value.length}` : 'No slides available'}
      </p>
      {slide && (
        <div className="mt-2 space-y-3 rounded-xl border border-slate-200 p-4 dark:border-slate-700">
          <div>
            <label htmlFor={`${id}-title`} className="text-sm font-medium">
              Title
            </label>
            <input
              ref={titleInput}
              id={`${id}-title`}
              value={slide.title}
              onChange={(e) => edit('title', e.target.value)}
              className={`${inputClass} min-h-11`}
            />
          </div>
          <div>
            <label htmlFor={`${id}-content`} className="text-sm font-medium">
              Content
            </label>
            <textarea
              id={`${id}-content`}
              rows={5}
              value={slide.content}
              onChange={(e) => edit('content', e.target.value)}
              className={inputClass}
            />
          </div>
          <div className="flex flex-wrap gap-2">
            <Step atEnd={index === 0} onPress={() => setShown(index - 1)}>
              Previous
            </Step>
            <Step atEnd={index === value.length - 1} onPress={() => setShown(index + 1)}>
              Next
            </Step>
          </div>
        </div>
      )}
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <button
          ref={addButton}
          type="button"
          onClick={add}
          aria-disabled={full || undefined}
          aria-describedby={full ? `${id}-full` : undefined}
          className={button}
        >
          Add slide
        </button>
        {slide && (
          <>
            <button type="button" onClick={remove} className={button}>
              Remove slide
            </button>
            <Step atEnd={index === 0} onPress={() => move(-1)}>
              Move earlier
            </Step>
            <Step atEnd={index === value.length - 1} onPress={() => move(1)}>
              Move later
            </Step>
          </>
        )}
      </div>
      {full && (
        <p id={`${id}-full`} className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          A deck holds at most {maxSlides} slides.
        </p>
      )}
    </fieldset>
  );
}
