import { useId } from 'react';
import type { TInterviewQuestion } from '../../../core/content/practice';
import type { ItemLists } from '../../../core/items/items';
import { ItemActions } from '../../ui/ItemActions';
import { secondaryButton } from '../../ui/form';
import { PremiumBadge, usePremiumLocked } from '../../ui/UpgradePrompt';

interface Props {
  question: TInterviewQuestion;
  lists: ItemLists | undefined;
  /** This question's practice panel is open. */
  current: boolean;
  onPractice: () => void;
  onError: (message: string) => void;
}

export function practiceButtonId(questionId: string) {
  return `practice-${questionId}`;
}

/** One question in a type's list: its level, the list actions and a way into practice. */
export function QuestionCard({ question, lists, current, onPractice, onError }: Props) {
  const headingId = useId();
  const completed = lists?.completed.includes(question.id) ?? false;
  const locked = usePremiumLocked();
  return (
    <article
      aria-labelledby={headingId}
      className={`flex h-full flex-col gap-3 rounded-xl border p-4 ${
        current
          ? 'border-brand-700 ring-2 ring-brand-700 dark:border-sky-400 dark:ring-sky-400'
          : 'border-slate-200 dark:border-slate-700'
      }`}
    >
      <p className="flex flex-wrap gap-2 text-xs font-medium text-slate-600 dark:text-slate-400">
        <span className="rounded-full bg-slate-100 px-2 py-0.5 dark:bg-slate-800">
          Level: {question.level}
        </span>
        {question.premium && locked && <PremiumBadge />}
        {completed && (
          <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200">
            ✓ Completed
          </span>
        )}
        {current && (
          <span className="rounded-full bg-brand-50 px-2 py-0.5 text-brand-800 dark:bg-slate-800 dark:text-sky-300">
            Practicing now
          </span>
        )}
      </p>
      <h3 id={headingId} className="font-semibold">
        {question.question}
      </h3>
      <div className="mt-auto grid gap-3">
        <ItemActions
          kind="interview"
          id={question.id}
          title={question.question}
          lists={lists}
          onError={onError}
        />
        <button
          id={practiceButtonId(question.id)}
          type="button"
          className={`${secondaryButton} justify-self-start`}
          aria-describedby={headingId}
          onClick={onPractice}
        >
          Practice
        </button>
      </div>
    </article>
  );
}
