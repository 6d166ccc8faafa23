import { useId, useRef, useState, type ChangeEvent } from 'react';
import type { UserRecord } from '../../../core/account/profile';
import { removePhoto, showPhoto, uploadPhoto } from '../../data/profile';
import { secondaryButton } from '../../ui/form';
import { Svg } from '../../ui/icons';
import { labelClass } from './FieldFeedback';
import { PHOTO_ACCEPT, PhotoError, preparePhoto } from './resize-image';
import { readableError } from './use-profile-field';

type PhotoState =
  | { kind: 'idle' }
  | { kind: 'preparing' }
  /** preview is the resized photo, shown until the server has it. */
  | { kind: 'uploading'; preview: string }
  | { kind: 'removing' }
  | { kind: 'done'; message: string }
  | { kind: 'error'; message: string };

function initialsOf(name: string, email: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 0 ? words.slice(0, 2).map((w) => w[0]) : [email[0]];
  return letters.join('').toUpperCase();
}

const circle = 'h-20 w-20 shrink-0 rounded-full sm:h-24 sm:w-24';

function Portrait({ user, preview }: { user: UserRecord; preview: string | null }) {
  const src = preview ?? user.photoURL;
  if (src) {
    return (
      <img
        src={src}
        alt={user.displayName}
        className={`${circle} object-cover ring-2 ring-slate-200 dark:ring-slate-700 ${preview ? 'opacity-60' : ''}`}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={`${circle} flex items-center justify-center bg-brand-100 text-2xl font-semibold text-brand-800 ring-2 ring-brand-200 dark:bg-slate-700 dark:text-slate-100 dark:ring-slate-600`}
    >
      {initialsOf(user.displayName, user.email)}
    </span>
  );
}

const STATUS: Partial<Record<PhotoState['kind'], string>> = {
  preparing: 'Preparing your photo…',
  uploading: 'Uploading your photo…',
  removing: 'Removing your photo…',
};

/**
 * The profile photo: the photo or the initials, a "Choose a photo" button (the platform's
 * file input, visually hidden behind its label, so it keeps the keyboard and screen-reader
 * behavior of a file picker) and "Remove photo". What happens is said in words.
 */
export function PhotoField({ user }: { user: UserRecord }) {
  const id = useId();
  const [state, setState] = useState<PhotoState>({ kind: 'idle' });
  // The input stays enabled while uploading (disabling it would drop keyboard focus), so
  // a newer choice cancels the upload in flight and only the newest one reports back.
  const current = useRef<AbortController | null>(null);

  async function upload(file: File) {
    current.current?.abort();
    const controller = new AbortController();
    current.current = controller;
    const isCurrent = () => current.current === controller;

    setState({ kind: 'preparing' });
    let photo: Awaited<ReturnType<typeof preparePhoto>>;
    try {
      photo = await preparePhoto(file);
    } catch (err) {
      if (!isCurrent()) return;
      const message =
        err instanceof PhotoError
          ? err.message
          : 'The photo could not be prepared. Please try another one.';
      setState({ kind: 'error', message });
      return;
    }
    if (!isCurrent()) return;
    const preview = URL.createObjectURL(photo.blob);
    setState({ kind: 'uploading', preview });
    try {
      const photoURL = await uploadPhoto(photo.blob, photo.type, controller.signal);
      if (!isCurrent()) return;
      await showPhoto(photoURL);
      setState({ kind: 'done', message: 'Photo saved' });
    } catch (err) {
      if (isCurrent()) setState({ kind: 'error', message: readableError(err) });
    } finally {
      URL.revokeObjectURL(preview);
    }
  }

  async function remove() {
    current.current?.abort();
    current.current = null;
    setState({ kind: 'removing' });
    try {
      await removePhoto();
      await showPhoto(null);
      setState({ kind: 'done', message: 'Photo removed' });
    } catch (err) {
      setState({ kind: 'error', message: readableError(err) });
    }
  }

  function onChange(e: ChangeEvent<HTMLInputElement>) {
    const file = e.currentTarget.files?.[0];
    // Cleared so that choosing the same file again (after an error) still fires a change.
    e.currentTarget.value = '';
    if (file) void upload(file);
  }

  const busy = state.kind === 'preparing' || state.kind === 'uploading';
  const status = STATUS[state.kind] ?? (state.kind === 'done' ? state.message : '');
  const chooseText = user.photoURL ? 'Change photo' : 'Choose a photo';
  return (
    <div role="group" aria-labelledby={`${id}-label`}>
      <div className="flex items-baseline justify-between gap-3">
        <span id={`${id}-label`} className={labelClass}>
          Photo
        </span>
        <span
          aria-live="polite"
          data-testid="photo-status"
          className={`text-xs ${
            state.kind === 'done'
              ? 'text-emerald-700 dark:text-emerald-400'
              : 'text-slate-500 dark:text-slate-400'
          }`}
        >
          {status}
        </span>
      </div>
      <div className="mt-2 flex items-center gap-4">
        <Portrait user={user} preview={state.kind === 'uploading' ? state.preview : null} />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
            <input
              id={id}
              type="file"
              accept={PHOTO_ACCEPT}
              aria-describedby={`${id}-hint${state.kind === 'error' ? ` ${id}-error` : ''}`}
              aria-invalid={state.kind === 'error' || undefined}
              onChange={onChange}
              className="peer sr-only"
            />
            <label
              htmlFor={id}
              className={`${secondaryButton} cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 ${busy ? 'opacity-60' : ''}`}
            >
              <CameraIcon />
              {chooseText}
            </label>
            {user.photoURL && (
              <button
                type="button"
                className="min-h-11 rounded-control py-2 font-semibold text-slate-600 underline-offset-4 hover:text-red-700 hover:underline disabled:opacity-60 dark:text-slate-300 dark:hover:text-red-300"
                disabled={state.kind === 'removing'}
                onClick={() => void remove()}
              >
                Remove photo
              </button>
            )}
          </div>
          <p id={`${id}-hint`} className="mt-2 text-sm text-slate-500 dark:text-slate-400">
            A square photo works best. PNG, JPEG or WebP.
          </p>
        </div>
      </div>
      {state.kind === 'error' && (
        <p id={`${id}-error`} role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
          {state.message}
        </p>
      )}
    </div>
  );
}

function CameraIcon() {
  return (
    <Svg width="20" height="20">
      <path d="M4 8h3l2-3h6l2 3h3a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V9a1 1 0 0 1 1-1z" />
      <circle cx="12" cy="13" r="3.5" />
    </Svg>
  );
}
