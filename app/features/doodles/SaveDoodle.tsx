import { Link } from 'wouter';
import { links } from '../../../core/paths';
import { FormAlert, primaryButton, secondaryButton } from '../../ui/form';
import type { useDoodleSave } from './use-doodle-save';

type Saving = ReturnType<typeof useDoodleSave>;

/**
 * Under the sheet: the last message, then Save (signed in) or Log in / Keep on this device
 * (a guest, whose drawing works without an account).
 */
export function SaveDoodle({
  saving,
  signedIn,
  nothingDrawn,
  currentPath,
}: {
  saving: Saving;
  signedIn: boolean;
  nothingDrawn: boolean;
  currentPath: string;
}) {
  const { status } = saving;
  return (
    <>
      {status && <FormAlert tone={status.tone}>{status.text}</FormAlert>}
      {signedIn ? (
        <button
          type="button"
          className={primaryButton}
          onClick={saving.save}
          disabled={saving.saving || nothingDrawn}
        >
          {saving.saving ? 'Saving…' : 'Save doodle'}
        </button>
      ) : (
        <div className="grid justify-items-start gap-3">
          <p>
            Drawing works without an account.{' '}
            <Link
              to={links.signUp(currentPath)}
              className="font-semibold text-brand-700 underline dark:text-sky-400"
            >
              Create a free account
            </Link>{' '}
            to keep your doodles on every device, or keep this one on this device.
          </p>
          <button
            type="button"
            className={secondaryButton}
            onClick={() => void saving.save()}
            disabled={saving.saving || nothingDrawn}
          >
            Keep on this device
          </button>
        </div>
      )}
    </>
  );
}

/** A description in words in place of a drawing; saving one needs an account. */
export function DescribeInstead({
  id,
  word,
  saving,
  signedIn,
}: {
  id: string;
  word: string;
  saving: Saving;
  signedIn: boolean;
}) {
  const { description } = saving;
  return (
    <details className="rounded-xl border border-slate-200 p-4 dark:border-slate-700">
      <summary className="cursor-pointer font-medium">Describe it in words instead</summary>
      <label htmlFor={`${id}-describe`} className="mt-3 block text-sm">
        What would you draw for “{word}”?
      </label>
      <textarea
        id={`${id}-describe`}
        value={description}
        onChange={(e) => saving.setDescription(e.target.value)}
        maxLength={500}
        rows={3}
        className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 dark:border-slate-600 dark:bg-slate-900"
      />
      {signedIn && (
        <button
          type="button"
          className={`${secondaryButton} mt-2`}
          onClick={saving.saveDescription}
          disabled={description.trim().length === 0}
        >
          Save description
        </button>
      )}
    </details>
  );
}
