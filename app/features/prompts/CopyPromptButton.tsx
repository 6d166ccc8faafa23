import { useState } from 'react';
import { copyText } from '../../lib/clipboard';
import { CopyStatus } from '../../ui/CopyStatus';
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
      <CopyStatus message={message} />
    </div>
  );
}
