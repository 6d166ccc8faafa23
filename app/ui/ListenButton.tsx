import { useState } from 'react';
import { NO_VOICE_MESSAGE, useSpeech } from '../lib/speech';
import { SpeakerIcon } from './icons';

/**
 * "Listen": reads a word with the browser's best English voice. Where the browser has none,
 * pressing it says so plainly (NO_VOICE_MESSAGE) instead of doing nothing.
 */
export function ListenButton({ text, className = '' }: { text: string; className?: string }) {
  const { state, speaking, say } = useSpeech();
  const [told, setTold] = useState(false);
  return (
    <span className="inline-flex flex-col items-start">
      <button
        type="button"
        className={`inline-flex min-h-10 items-center gap-1.5 rounded-full border border-slate-300 px-3 py-1 text-sm font-medium hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800 ${className}`}
        onClick={() => (state === 'ready' ? say(text) : setTold(true))}
        aria-label={`Listen to “${text}”`}
      >
        <SpeakerIcon className={speaking ? 'text-brand-700 dark:text-sky-400' : undefined} />
        {speaking ? 'Speaking…' : 'Listen'}
      </button>
      {told && state !== 'ready' && (
        <span role="status" className="mt-2 text-sm text-slate-700 dark:text-slate-300">
          {state === 'checking' ? 'Looking for an English voice…' : NO_VOICE_MESSAGE}
        </span>
      )}
    </span>
  );
}
