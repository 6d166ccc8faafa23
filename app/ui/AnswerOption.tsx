import type { OptionParts } from '../../core/grammar/option-diff';
import type { OptionTone } from '../../core/grammar/scoring';

const toneClass: Record<OptionTone, string> = {
  correct:
    'border-emerald-600 bg-emerald-50 text-emerald-950 dark:bg-emerald-950 dark:text-emerald-100',
  wrong: 'border-red-600 bg-red-50 text-red-950 dark:bg-red-950 dark:text-red-100',
  neutral: 'border-slate-300 dark:border-slate-600',
};

interface Props {
  option: string;
  tone: OptionTone;
  answered: boolean;
  chosen: boolean;
  /** Shown before the option, e.g. the number key that chooses it. */
  keyHint?: string;
  /** For near-identical options: the words that differ are marked (core/grammar/option-diff.ts). */
  parts?: OptionParts;
  onChoose: () => void;
}

// The chosen option moves once when the answer is known: a lift when right, a shake when wrong.
const motionClass = (tone: OptionTone, chosen: boolean) =>
  !chosen || tone === 'neutral'
    ? ''
    : `${tone === 'correct' ? 'animate-answer-right' : 'animate-answer-wrong'} motion-reduce:animate-none`;

/** One answer option: green when correct, red when wrongly chosen, each also said in text. */
export function AnswerOption({ option, tone, answered, chosen, keyHint, parts, onChoose }: Props) {
  return (
    <button
      type="button"
      onClick={onChoose}
      aria-disabled={answered}
      aria-pressed={chosen}
      className={`flex w-full items-start gap-3 rounded-xl border-2 px-4 py-3 text-left ${toneClass[tone]} ${answered ? 'cursor-default' : 'hover:border-brand-600'} ${motionClass(tone, chosen)}`}
    >
      {keyHint && (
        <span aria-hidden="true" className="font-mono text-sm text-slate-500 dark:text-slate-400">
          {keyHint}
        </span>
      )}
      <span className="flex-1">
        {parts && (parts.before || parts.after) ? (
          <>
            {parts.before}
            {parts.before && ' '}
            <strong className="font-semibold underline decoration-brand-600/60 decoration-2 underline-offset-4 dark:decoration-sky-400/70">
              {parts.differs}
            </strong>
            {parts.after && ' '}
            {parts.after}
          </>
        ) : (
          option
        )}
      </span>
      {tone === 'correct' && <span className="font-semibold">✓ Correct answer</span>}
      {tone === 'wrong' && <span className="font-semibold">✗ Your answer</span>}
    </button>
  );
}
