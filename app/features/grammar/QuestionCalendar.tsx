import { Link } from 'wouter';
import { DEEP_DIVE_COUNT } from '../../../core/constants';
import { deepDiveQuestionId } from '../../../core/grammar/results';
import { paths } from '../../../core/paths';
import { Drawer } from '../../ui/Drawer';
import { useGrammarStats } from '../../data/grammar';

/** 30 numbered links: green correct, red incorrect, outlined unanswered (with text for each). */
export function QuestionCalendar({ current, slot = 0 }: { current?: number; slot?: number }) {
  const { data: stats } = useGrammarStats();
  return (
    <Drawer label="Questions" slot={slot}>
      <h2 className="font-semibold">Deep-dive questions</h2>
      <ul className="mt-2 mb-3 flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label="Key">
        <li className="flex items-center gap-1.5">
          <span aria-hidden="true" className="h-3.5 w-3.5 rounded bg-emerald-600" /> ✓ Correct
        </li>
        <li className="flex items-center gap-1.5">
          <span aria-hidden="true" className="h-3.5 w-3.5 rounded bg-red-600" /> ✗ Incorrect
        </li>
        <li className="flex items-center gap-1.5">
          <span aria-hidden="true" className="h-3.5 w-3.5 rounded border-2 border-slate-400" /> Not
          answered
        </li>
      </ul>
      <ol className="grid grid-cols-6 gap-2" aria-label="Deep-dive questions">
        {Array.from({ length: DEEP_DIVE_COUNT }, (_, i) => {
          const n = i + 1;
          const result = stats?.questions[deepDiveQuestionId(n)];
          const state = result === true ? 'correct' : result === false ? 'incorrect' : 'unanswered';
          const tone =
            state === 'correct'
              ? 'bg-emerald-600 text-white border-emerald-600'
              : state === 'incorrect'
                ? 'bg-red-600 text-white border-red-600'
                : 'border-slate-400 text-slate-700 dark:text-slate-200';
          return (
            <li key={n}>
              <Link
                to={paths.deepDive(n)}
                aria-label={`Question ${n}, ${state}`}
                aria-current={current === n ? 'page' : undefined}
                data-state={state}
                className={`flex h-9 items-center justify-center rounded-md border-2 text-sm font-semibold ${tone} ${current === n ? 'ring-2 ring-brand-600 ring-offset-2 dark:ring-offset-slate-900' : ''}`}
              >
                {n}
              </Link>
            </li>
          );
        })}
      </ol>
    </Drawer>
  );
}
