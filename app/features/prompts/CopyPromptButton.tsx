import { useState } from 'react';
import { COPY_OK, copyText } from '../../lib/clipboard';
import { secondaryButton } from '../../ui/form';

/** "Copy prompt", then the spec's success or failure message, announced politely. */
export function CopyPromptButton({ text }: { text: string }) {
  const [message, setMessage] = useState('');
  const copy = async () => {
    // Clear first so the same message twice is announced twice.
    setMessage('');
    setMessage(await copyText(text));
  };
  return (
    <div className="mt-3 flex flex-wrap items-center gap-3">
      <button type="button" className={secondaryButton} onClick={() => void copy()}>
        Copy prompt
      </button>
      <p
        role="status"
        className={`text-sm font-medium ${
          message === COPY_OK
            ? 'text-emerald-700 dark:text-emerald-400'
            : 'text-red-700 dark:text-red-400'
        }`}
      >
        {message}
      </p>
    </div>
  );
}
