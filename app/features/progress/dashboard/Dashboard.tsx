import { FormAlert, secondaryButton } from '../../../ui/form';
import { Skeleton } from '../../../ui/Skeleton';
import { CalendarCard } from './CalendarCard';
import { GoalCard } from './GoalCard';
import { GrammarCard } from './GrammarCard';
import { ListsCard } from './ListsCard';
import { PointsCard } from './PointsCard';
import { useDashboard } from '../../../data/dashboard';

/** The signed-in learner's results: points, grammar, lists and the activity calendar. */
export function Dashboard() {
  const { data, error, isLoading, mutate } = useDashboard();
  return (
    <section aria-labelledby="results-heading" aria-busy={isLoading}>
      <h2 id="results-heading" className="sr-only">
        Your results
      </h2>
      {error && !data && (
        <div className="mt-4 space-y-3">
          <FormAlert>Your results could not be loaded. {error.message}</FormAlert>
          <button type="button" className={secondaryButton} onClick={() => void mutate()}>
            Try again
          </button>
        </div>
      )}
      {!data && !error && (
        <div className="mt-4 grid gap-4 md:grid-cols-2">
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className="rounded-xl border border-slate-200 p-5 dark:border-slate-700">
              <Skeleton lines={4} />
            </div>
          ))}
        </div>
      )}
      {data && (
        <div className="mt-4 grid gap-4 md:grid-cols-2">
          <GoalCard goal={data.goal} onChanged={() => void mutate()} />
          <PointsCard points={data.points} />
          <CalendarCard calendar={data.calendar} today={data.today} />
          <GrammarCard grammar={data.grammar} />
          <ListsCard lists={data.lists} next={data.next} />
        </div>
      )}
    </section>
  );
}
