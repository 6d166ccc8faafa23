import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { WritingFinding } from '../../../core/writing/findings';
import { inputClass } from '../form';
import { FindingCard } from './FindingCard';
import { findingAt, runs } from './marks';
import { useWritingCheck, type WritingCheck } from './use-writing-check';

// A text field that underlines what the writing checker found (decision 053). A textarea
// cannot style ranges, so the field's background is a mirror behind it: a div with the same
// box, font, padding and wrapping holds the same text, transparent, with the flagged words
// marked; the field above it has a transparent background, so the marks show through under
// its text. Both reserve the scrollbar's gutter, so they wrap at the same width.

const without = (cls: string, ...drop: string[]) =>
  cls
    .split(' ')
    .filter((c) => !drop.includes(c))
    .join(' ');
/** The box both layers share (inputClass without its margin). */
const box = without(inputClass, 'mt-1');
const mirrorClass = `${without(box, 'shadow-sm', 'text-slate-900', 'dark:text-slate-100')} pointer-events-none absolute inset-0 overflow-hidden text-transparent [scrollbar-gutter:stable]`;
const fieldClass = `${without(box, 'bg-white', 'dark:bg-slate-900')} relative bg-transparent [scrollbar-gutter:stable]`;

const markClass = {
  error:
    'rounded-sm bg-transparent text-transparent underline decoration-red-600 decoration-wavy decoration-[1.5px] underline-offset-[3px] [text-decoration-skip-ink:none] dark:decoration-red-400',
  suggestion:
    'rounded-sm bg-transparent text-transparent underline decoration-sky-600 decoration-dotted decoration-2 underline-offset-[3px] [text-decoration-skip-ink:none] dark:decoration-sky-400',
} as const;
const activeMark = {
  error: 'bg-red-100 dark:bg-red-950',
  suggestion: 'bg-sky-100 dark:bg-sky-950',
} as const;

const keyOf = (f: WritingFinding) => `${f.start}:${f.end}:${f.message}`;

/**
 * Puts `replacement` in place of start..end as if typed, so the browser's own undo (Ctrl+Z)
 * takes it back. On a touch screen that would open the keyboard over the cards, so there the
 * text is set directly and the Undo button is the way back.
 */
function replaceRange(
  el: HTMLTextAreaElement | HTMLInputElement | null,
  start: number,
  end: number,
  replacement: string,
): boolean {
  if (!el || !window.matchMedia('(pointer: fine)').matches) return false;
  el.focus({ preventScroll: true });
  el.setSelectionRange(start, end);
  return replacement === ''
    ? document.execCommand('delete')
    : document.execCommand('insertText', false, replacement);
}

interface FieldProps {
  id: string;
  value: string;
  onChange: (next: string) => void;
  /** The field's check (useWritingCheck), when the page shows a summary of its findings too. */
  check?: WritingCheck;
  /** A one-line input instead of a textarea. */
  singleLine?: boolean;
  rows?: number;
  maxLength?: number;
  /** Classes for the box's size and leading (applied to the field and its mirror). */
  className?: string;
  'aria-labelledby'?: string;
  'aria-describedby'?: string;
}

/** A writing field with the checker's underlines, a status line and a card per finding. */
export function WritingField(props: FieldProps) {
  return props.check ? (
    <CheckedField {...props} check={props.check} />
  ) : (
    <SelfCheckedField {...props} />
  );
}

function SelfCheckedField(props: FieldProps) {
  const check = useWritingCheck(props.value);
  return <CheckedField {...props} check={check} />;
}

function CheckedField({
  id,
  value,
  onChange,
  check,
  singleLine = false,
  rows,
  maxLength,
  className = '',
  ...aria
}: FieldProps & { check: WritingCheck }) {
  const listId = useId();
  const field = useRef<HTMLTextAreaElement & HTMLInputElement>(null);
  const mirror = useRef<HTMLDivElement>(null);
  const cards = useRef<HTMLUListElement>(null);
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const [lastFix, setLastFix] = useState<{
    start: number;
    original: string;
    replacement: string;
  } | null>(null);
  const { findings } = check;
  const active = findings.findIndex((f) => keyOf(f) === activeKey);

  // The mirror follows the field's scrolling (a long draft, a long line in an input).
  const follow = () => {
    if (!field.current || !mirror.current) return;
    mirror.current.scrollTop = field.current.scrollTop;
    mirror.current.scrollLeft = field.current.scrollLeft;
  };
  useEffect(follow);

  const caretMoved = () => {
    const el = field.current;
    if (!el) return;
    const i = findingAt(findings, el.selectionStart ?? 0);
    const f = findings[i];
    setActiveKey(f && el.selectionStart === el.selectionEnd ? keyOf(f) : null);
    follow();
  };
  const showCard = () => {
    const el = field.current;
    const i = el ? findingAt(findings, el.selectionStart ?? 0) : -1;
    if (i >= 0) cards.current?.children[i]?.scrollIntoView({ block: 'nearest' });
  };

  const fix = (f: WritingFinding, replacement: string) => {
    const original = value.slice(f.start, f.end);
    if (!replaceRange(field.current, f.start, f.end, replacement))
      onChange(value.slice(0, f.start) + replacement + value.slice(f.end));
    setLastFix({ start: f.start, original, replacement });
    setActiveKey(null);
  };
  const canUndo =
    lastFix !== null &&
    value.slice(lastFix.start, lastFix.start + lastFix.replacement.length) === lastFix.replacement;
  const undo = () => {
    if (!lastFix || !canUndo) return;
    const end = lastFix.start + lastFix.replacement.length;
    if (!replaceRange(field.current, lastFix.start, end, lastFix.original))
      onChange(value.slice(0, lastFix.start) + lastFix.original + value.slice(end));
    setLastFix(null);
  };

  const common = {
    id,
    ref: field,
    value,
    maxLength,
    spellCheck: false,
    className: `${fieldClass} ${singleLine ? '' : 'whitespace-pre-wrap break-words'} ${className}`,
    'aria-labelledby': aria['aria-labelledby'],
    'aria-describedby':
      [aria['aria-describedby'], `${listId}-status`].filter(Boolean).join(' ') || undefined,
    onScroll: follow,
    onSelect: caretMoved,
    onClick: showCard,
  };

  return (
    <div className="mt-1" data-testid="writing-field">
      <div className="relative">
        <div
          ref={mirror}
          aria-hidden="true"
          data-testid="writing-marks"
          className={`${mirrorClass} ${singleLine ? 'whitespace-pre' : 'whitespace-pre-wrap break-words'} ${className}`}
        >
          {runs(value, findings).map((r, i) =>
            r.finding === null ? (
              r.text
            ) : (
              <mark
                key={i}
                data-severity={findings[r.finding]?.severity}
                className={`${markClass[findings[r.finding]!.severity]} ${r.finding === active ? activeMark[findings[r.finding]!.severity] : ''}`}
              >
                {r.text}
              </mark>
            ),
          )}
          {/* A trailing line break takes a line in the field; this keeps it in the mirror too. */}
          {'\u200b'}
        </div>
        {singleLine ? (
          <input {...common} type="text" onChange={(e) => onChange(e.target.value)} />
        ) : (
          <textarea {...common} rows={rows} onChange={(e) => onChange(e.target.value)} />
        )}
      </div>
      <CheckStatus id={`${listId}-status`} check={check} text={value}>
        {canUndo && lastFix && (
          <span>
            Changed “{lastFix.original}” to “{lastFix.replacement}”.{' '}
            <button
              type="button"
              onClick={undo}
              className="font-semibold text-brand-700 underline dark:text-sky-400"
            >
              Undo
            </button>
          </span>
        )}
      </CheckStatus>
      {findings.length > 0 && (
        <ul
          ref={cards}
          aria-label="Writing feedback"
          className="mt-2 grid gap-2"
          data-testid="finding-cards"
        >
          {findings.map((f, i) => (
            <li key={keyOf(f)}>
              <FindingCard
                finding={f}
                words={value.slice(f.start, f.end)}
                active={i === active}
                onFocus={() => setActiveKey(keyOf(f))}
                onFix={(replacement) => fix(f, replacement)}
                onDismiss={() => {
                  check.dismiss(f);
                  field.current?.focus({ preventScroll: true });
                }}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** One quiet line: what the check found, that it waits for the network, or a fix to undo. */
function CheckStatus({
  id,
  check,
  text,
  children,
}: {
  id: string;
  check: WritingCheck;
  text: string;
  children?: ReactNode;
}) {
  const errors = check.findings.filter((f) => f.severity === 'error').length;
  const suggestions = check.findings.length - errors;
  const blank = text.trim() === '';
  let line: string | null = null;
  if (check.state === 'offline') line = 'Checks when you’re back online';
  else if (check.state === 'error')
    line = 'Your writing could not be checked just now. Keep writing to try again.';
  else if (check.state === 'busy')
    line = 'The checker is busy. Keep writing and it will check again.';
  else if (!blank && check.current && check.findings.length === 0) line = '✓ No issues found';
  else if (check.findings.length > 0)
    line = [
      errors ? `${errors} ${errors === 1 ? 'error' : 'errors'}` : '',
      suggestions ? `${suggestions} ${suggestions === 1 ? 'suggestion' : 'suggestions'}` : '',
    ]
      .filter(Boolean)
      .join(' · ');
  return (
    <div
      id={id}
      aria-live="polite"
      data-testid="writing-status"
      className="mt-1 flex min-h-6 flex-wrap gap-x-3 text-sm text-slate-600 dark:text-slate-400"
    >
      {line && <span>{line}</span>}
      {children}
    </div>
  );
}
