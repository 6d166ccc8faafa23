import { useId, useRef, useState, type ChangeEvent } from 'react';
import type { UserRecord } from '../../../core/account/profile';
import { showPhoto, uploadPhoto } from '../../data/profile';
import { labelClass } from './FieldFeedback';
import { PHOTO_ACCEPT, PhotoError, preparePhoto } from './resize-image';
import { readableError } from './use-profile-field';

type UploadState =
  | { kind: 'idle' }
  /** preview is the resized photo once it is ready, shown until the server has it. */
  | { kind: 'uploading'; preview: string | null }
  | { kind: 'saved' }
  | { kind: 'error'; message: string };

function initialsOf(name: string, email: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 0 ? words.slice(0, 2).map((w) => w[0]) : [email[0]];
  return letters.join('').toUpperCase();
}

const circle = 'h-20 w-20 shrink-0 rounded-full';

function Portrait({ user, preview }: { user: UserRecord; preview: string | null }) {
  if (preview) {
    return (
      <img src={preview} alt={user.displayName} className={`${circle} object-cover opacity-60`} />
    );
  }
  if (user.photoURL) {
    return <img src={user.photoURL} alt={user.displayName} className={`${circle} object-cover`} />;
  }
  return (
    <span
      aria-hidden="true"
      className={`${circle} flex items-center justify-center bg-brand-100 text-2xl font-semibold text-brand-800 dark:bg-slate-700 dark:text-slate-100`}
    >
      {initialsOf(user.displayName, user.email)}
    </span>
  );
}

export function PhotoField({ user }: { user: UserRecord }) {
  const id = useId();
  const [state, setState] = useState<UploadState>({ kind: 'idle' });
  // The input stays enabled while uploading (disabling it would drop keyboard focus), so
  // a newer choice cancels the upload in flight and only the newest one reports back.
  const current = useRef<AbortController | null>(null);

  async function upload(file: File) {
    current.current?.abort();
    const controller = new AbortController();
    current.current = controller;
    const isCurrent = () => current.current === controller;

    setState({ kind: 'uploading', preview: null });
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
      setState({ kind: 'saved' });
    } catch (err) {
      if (isCurrent()) setState({ kind: 'error', message: readableError(err) });
    } finally {
      URL.revokeObjectURL(preview);
    }
  }

  function onChange(e: ChangeEvent<HTMLInputElement>) {
    const file = e.currentTarget.files?.[0];
    // Cleared so that choosing the same file again (after an error) still fires a change.
    e.currentTarget.value = '';
    if (file) void upload(file);
  }

  const uploading = state.kind === 'uploading';
  return (
    <div>
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={id} className={labelClass}>
          Photo
        </label>
        <span
          aria-live="polite"
          data-testid="photo-status"
          className={`text-xs ${
            state.kind === 'saved'
              ? 'text-emerald-700 dark:text-emerald-400'
              : 'text-slate-500 dark:text-slate-400'
          }`}
        >
          {uploading ? 'Uploading…' : state.kind === 'saved' ? 'Saved' : ''}
        </span>
      </div>
      <div className="mt-2 flex items-center gap-4">
        <Portrait user={user} preview={uploading ? state.preview : null} />
        <div className="min-w-0 flex-1">
          <input
            id={id}
            type="file"
            accept={PHOTO_ACCEPT}
            aria-describedby={`${id}-hint${state.kind === 'error' ? ` ${id}-error` : ''}`}
            aria-invalid={state.kind === 'error' || undefined}
            onChange={onChange}
            className="block w-full text-sm text-slate-600 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-700 file:px-4 file:py-2 file:font-semibold file:text-white hover:file:bg-brand-800 dark:text-slate-300 dark:file:bg-sky-700 dark:hover:file:bg-sky-600"
          />
          <p id={`${id}-hint`} className="mt-1 text-sm text-slate-500 dark:text-slate-400">
            PNG, JPEG or WebP. It is resized to 512 × 512 pixels before upload.
          </p>
        </div>
      </div>
      {state.kind === 'error' && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700 dark:text-red-400">
          {state.message}
        </p>
      )}
    </div>
  );
}
