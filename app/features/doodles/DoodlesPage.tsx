import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'wouter';
import { formatDayMonth } from '../../../core/dates';
import { paths } from '../../../core/paths';
import { useAuth } from '../../lib/auth';
import { patchItem, useItemLists, useListAction } from '../../lib/items';
import { forgetGuestDoodle, useGuestDoodles } from '../../lib/sync';
import { useDarkMode } from '../../lib/theme';
import { FormAlert, primaryButton, secondaryButton } from '../../ui/form';
import { GroupedCombobox, type ComboGroup } from '../../ui/GroupedCombobox';
import { Page } from '../../ui/Page';
import { Skeleton } from '../../ui/Skeleton';
import { useWordSet, useWordSets } from '../vocabulary/api';
import { VocabularyDrawer } from '../vocabulary/VocabularyDrawer';
import { deleteDoodle, useDoodles, useSaveDoodle } from './api';
import {
  DoodleCanvas,
  PENS,
  SIZES,
  type DoodleCanvasHandle,
  type PenId,
  type Stroke,
} from './DoodleCanvas';
import { useCurrentPath } from '../../lib/navigation';

/** A drawing the learner keeps: on their account, or (a guest's) on this device. */
interface Kept {
  key: string;
  wordId: string;
  url: string;
  at: string;
  onDevice: boolean;
  remove: () => Promise<void>;
}

/** PNG bytes as a data: URL (pure, so nothing to revoke). */
function pngUrl(png: ArrayBuffer): string {
  const bytes = new Uint8Array(png);
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return `data:image/png;base64,${btoa(text)}`;
}

/**
 * Saved doodles are PNGs on white paper; in dark mode they show inverted with their hues
 * turned back, so they sit on the dark page like the sheet does (the file is unchanged).
 */
const onDark = 'bg-white dark:hue-rotate-180 dark:invert';

const tool =
  'rounded-lg border-2 px-3 py-1.5 text-sm font-medium aria-pressed:border-brand-700 aria-pressed:bg-brand-50 dark:aria-pressed:bg-slate-800 border-slate-300 dark:border-slate-600';

export default function DoodlesPage() {
  const listAction = useListAction('word');
  const [params, setParams] = useSearchParams();
  const currentPath = useCurrentPath();
  const { user } = useAuth();
  const { data: sets } = useWordSets();
  const { data: lists } = useItemLists('word');
  const { data: gallery } = useDoodles();
  const onDevice = useGuestDoodles();
  const saveDoodle = useSaveDoodle();
  const [dark] = useDarkMode();
  const pickId = useId();

  const allWords = useMemo(
    () => (sets?.sets ?? []).flatMap((s) => s.items.map((w) => ({ ...w, set: s.id }))),
    [sets],
  );
  const planned = useMemo(
    () =>
      (lists?.planned ?? [])
        .map((id) => allWords.find((w) => w.id === id))
        .filter((w) => w !== undefined),
    [lists, allWords],
  );
  // The word asked for; without one (or one that does not exist), the first planned word.
  const asked = params.get('word');
  const current = allWords.find((w) => w.id === asked) ?? planned[0] ?? allWords[0] ?? null;
  const wordId = current?.id ?? null;
  const { data: set } = useWordSet(current?.set ?? '');
  const entry = set?.words.find((w) => w.id === wordId);
  const wordOf = (id: string) => allWords.find((w) => w.id === id)?.word ?? id;

  // Everything drawn, newest first: the account's gallery and what this device keeps.
  const kept = useMemo<Kept[]>(
    () =>
      [
        ...(gallery?.doodles ?? []).map((d) => ({
          key: d.id,
          wordId: d.wordId,
          url: d.url,
          at: d.createdAt,
          onDevice: false,
          remove: () => deleteDoodle(d.id),
        })),
        ...onDevice.map((d) => ({
          key: d.opId,
          wordId: d.wordId,
          url: pngUrl(d.png),
          at: d.at,
          onDevice: true,
          remove: () => forgetGuestDoodle(d.opId),
        })),
      ].sort((a, b) => b.at.localeCompare(a.at)),
    [gallery, onDevice],
  );
  const drawn = useMemo(() => new Set(kept.map((d) => d.wordId)), [kept]);
  const latest = kept.find((d) => d.wordId === wordId);
  const groups = useMemo<ComboGroup[]>(() => {
    const options = (words: readonly { id: string; word: string }[]) =>
      words.map((w) => ({ id: w.id, label: w.word, note: drawn.has(w.id) ? 'drawn' : undefined }));
    return [
      ...(planned.length > 0
        ? [{ id: 'planned', title: 'Planned', options: options(planned) }]
        : []),
      ...(sets?.sets ?? []).map((s) => ({ id: s.id, title: s.title, options: options(s.items) })),
    ];
  }, [planned, sets, drawn]);

  const [strokes, setStrokes] = useState<Stroke[]>([]);
  const [redo, setRedo] = useState<Stroke[]>([]);
  const [pen, setPen] = useState<PenId>(PENS[0].id);
  const [size, setSize] = useState<number>(SIZES[1].size);
  const [eraser, setEraser] = useState(false);
  const [confirmClear, setConfirmClear] = useState(false);
  const [status, setStatus] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const [description, setDescription] = useState('');
  const canvas = useRef<DoodleCanvasHandle>(null);

  // A new word starts a clean sheet.
  const [sheetFor, setSheetFor] = useState(wordId);
  if (sheetFor !== wordId) {
    setSheetFor(wordId);
    setStrokes([]);
    setRedo([]);
    setStatus(null);
    setDescription('');
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

  return (
    <Page route="doodles">
      {!sets && <Skeleton lines={4} />}
      {sets && current && (
        // Phones: the word, then the sheet, then the gallery. Desktop: the sheet on the left
        // from the top; the word and the gallery beside it.
        <div className="grid gap-6 lg:grid-cols-[1fr_20rem] lg:grid-rows-[auto_1fr] lg:gap-x-8">
          <div className="grid content-start gap-4 lg:col-start-2 lg:row-start-1">
            <GroupedCombobox
              label="Word to draw"
              groups={groups}
              value={current.id}
              placeholder="Type to find a word"
              showAllLabel="Show all words"
              onChange={(id) => setParams({ word: id }, { replace: true })}
            />
            <div className="flex items-start gap-4 lg:flex-col lg:gap-3">
              <div className="min-w-0 flex-1">
                <h2 className="text-2xl font-bold" data-testid="doodle-word">
                  {current.word}
                </h2>
                {entry && <p className="text-slate-700 dark:text-slate-300">{entry.definition}</p>}
                {entry && (
                  <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">
                    Idea: {entry.doodle}
                  </p>
                )}
              </div>
              {latest && (
                <figure className="w-28 shrink-0 sm:w-40 lg:w-44">
                  <img
                    src={latest.url}
                    alt={`Your doodle of ${current.word}`}
                    className={`w-full rounded-lg border border-slate-200 dark:border-slate-700 ${onDark}`}
                    width={800}
                    height={560}
                  />
                  <figcaption className="mt-1 text-xs text-slate-600 dark:text-slate-400">
                    Your last one, {formatDayMonth(latest.at)}
                    {latest.onDevice ? ', on this device' : ''}
                  </figcaption>
                </figure>
              )}
            </div>
          </div>

          <div className="grid content-start gap-4 lg:col-start-1 lg:row-span-2 lg:row-start-1">
            <div
              role="toolbar"
              aria-label="Drawing tools"
              className="flex flex-wrap items-center gap-2"
            >
              {PENS.map((p) => (
                <button
                  key={p.name}
                  type="button"
                  className={tool}
                  aria-pressed={!eraser && pen === p.id}
                  onClick={() => {
                    setPen(p.id);
                    setEraser(false);
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
                  onClick={() => setSize(s.size)}
                >
                  {s.name}
                </button>
              ))}
              <button
                type="button"
                className={tool}
                aria-pressed={eraser}
                onClick={() => setEraser((e) => !e)}
              >
                Eraser
              </button>
              <button type="button" className={tool} onClick={undo} disabled={strokes.length === 0}>
                Undo
              </button>
              <button
                type="button"
                className={tool}
                onClick={redoStroke}
                disabled={redo.length === 0}
              >
                Redo
              </button>
              <button
                type="button"
                className={tool}
                onClick={() => setConfirmClear(true)}
                disabled={strokes.length === 0}
              >
                Clear
              </button>
            </div>
            {confirmClear && (
              <div
                role="alertdialog"
                aria-label="Clear the drawing?"
                className="flex flex-wrap items-center gap-3 rounded-lg bg-amber-50 px-4 py-2 text-amber-950 dark:bg-amber-950 dark:text-amber-100"
              >
                <span>Clear the whole drawing? You can still undo it.</span>
                <button
                  type="button"
                  className={secondaryButton}
                  onClick={() => {
                    setRedo([...redo, ...[...strokes].reverse()]);
                    setStrokes([]);
                    setConfirmClear(false);
                  }}
                >
                  Clear
                </button>
                <button
                  type="button"
                  className={secondaryButton}
                  onClick={() => setConfirmClear(false)}
                >
                  Keep it
                </button>
              </div>
            )}
            <DoodleCanvas
              ref={canvas}
              strokes={strokes}
              pen={pen}
              size={size}
              eraser={eraser}
              dark={dark}
              label={`Drawing of “${current.word}”, ${strokes.length} ${strokes.length === 1 ? 'stroke' : 'strokes'}`}
              onStroke={(s) => {
                setStrokes((prev) => [...prev, s]);
                setRedo([]);
              }}
            />
            {status && <FormAlert tone={status.tone}>{status.text}</FormAlert>}
            {user ? (
              <button
                type="button"
                className={primaryButton}
                onClick={save}
                disabled={saving || strokes.length === 0}
              >
                {saving ? 'Saving…' : 'Save doodle'}
              </button>
            ) : (
              <p>
                <Link
                  to={`${paths.login()}?next=${encodeURIComponent(currentPath)}`}
                  className="font-semibold text-brand-700 underline dark:text-sky-400"
                >
                  Log in to save your doodle
                </Link>{' '}
                — drawing works without an account.{' '}
                <button
                  type="button"
                  className={`${secondaryButton} mt-2`}
                  onClick={() => void save()}
                  disabled={saving || strokes.length === 0}
                >
                  Keep on this device
                </button>
              </p>
            )}

            <details className="rounded-xl border border-slate-200 p-4 dark:border-slate-700">
              <summary className="cursor-pointer font-medium">Describe it in words instead</summary>
              <label htmlFor={`${pickId}-describe`} className="mt-3 block text-sm">
                What would you draw for “{current.word}”?
              </label>
              <textarea
                id={`${pickId}-describe`}
                value={description}
                onChange={(e) => setDescription(e.target.value)}
                maxLength={500}
                rows={3}
                className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 dark:border-slate-600 dark:bg-slate-900"
              />
              {user && (
                <button
                  type="button"
                  className={`${secondaryButton} mt-2`}
                  onClick={saveDescription}
                  disabled={description.trim().length === 0}
                >
                  Save description
                </button>
              )}
            </details>
          </div>

          <aside aria-labelledby="gallery-title" className="lg:col-start-2 lg:row-start-2">
            <h2 id="gallery-title" className="text-lg font-semibold">
              Your doodles
            </h2>
            {kept.length === 0 && (
              <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
                {user
                  ? 'Nothing saved yet. Draw a word and save it.'
                  : 'Nothing kept yet. Draw a word and keep it on this device.'}
              </p>
            )}
            {!user && kept.length > 0 && (
              <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
                Kept on this device. Log in to save them to your account.
              </p>
            )}
            <ul
              className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-2"
              aria-label="Saved doodles"
            >
              {kept.map((d) => (
                <li
                  key={d.key}
                  className="rounded-xl border border-slate-200 p-2 dark:border-slate-700"
                >
                  <Link
                    to={`/doodles?word=${encodeURIComponent(d.wordId)}`}
                    replace
                    aria-label={`Draw ${wordOf(d.wordId)} again`}
                    className="block"
                  >
                    <img
                      src={d.url}
                      alt={`Doodle of ${wordOf(d.wordId)}`}
                      className={`w-full rounded-lg ${onDark}`}
                      width={800}
                      height={560}
                      loading="lazy"
                    />
                  </Link>
                  <div className="mt-1 flex flex-wrap items-center justify-between gap-x-2 text-sm">
                    <span>
                      <strong>{wordOf(d.wordId)}</strong> · {formatDayMonth(d.at)}
                      {d.onDevice && (
                        <span className="block text-xs text-slate-600 dark:text-slate-400">
                          On this device
                        </span>
                      )}
                    </span>
                    <button
                      type="button"
                      className="min-h-8 text-red-700 underline dark:text-red-400"
                      onClick={() => void remove(d)}
                      aria-label={`Delete doodle of ${wordOf(d.wordId)}`}
                    >
                      Delete
                    </button>
                  </div>
                </li>
              ))}
            </ul>
          </aside>
        </div>
      )}
      <VocabularyDrawer />
    </Page>
  );
}
