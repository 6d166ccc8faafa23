import { useState } from 'react';
import { Link } from 'wouter';
import {
  answeredCount,
  answersFromEntries,
  type ActivityAnswers,
  type ActivityEntry,
  type WidgetValue,
} from '../../../core/items/activity-answers';
import type { TActivity } from '../../../core/content/practice';
import { activityHref, links, paths } from '../../../core/paths';
import { useAuth } from '../../lib/auth';
import { useEntriesAutosave } from '../../lib/autosave';
import { useItemLists, useItemRecord, useListAction } from '../../lib/items';
import { SaveStatusOrLogin } from '../../ui/AutosaveStatus';
import { FormAlert, primaryButton, secondaryButton } from '../../ui/form';
import { ItemActions } from '../../ui/ItemActions';
import { PrintButton, PrintedActivity } from './ActivityPrint';
import { WidgetField } from './WidgetField';

/**
 * One activity: its widgets bound to the learner's answers, which autosave as the record's
 * entries and come back on return; a guest's are kept on this device until they sign in.
 */
export function ActivityView({ activity }: { activity: TActivity }) {
  const { user } = useAuth();
  const { data: lists } = useItemLists('activity');
  const [record, , recordLoading] = useItemRecord('activity', activity.id);
  const { status, schedule, retry, kept } = useEntriesAutosave(
    'activity',
    activity.id,
    user !== null,
    record?.entries,
  );
  const [answers, setAnswers] = useState<ActivityAnswers | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  // The saved answers arrive after the first render; until the learner edits, show them.
  const shown = answers ?? answersFromEntries(activity, kept ?? record?.entries ?? []);
  const waitingForRecord = recordLoading && answers === null;

  const change = (widgetId: string, value: WidgetValue) => {
    const next = { ...shown, [widgetId]: value };
    setAnswers(next);
    const entry: ActivityEntry = {
      type: 'answers',
      values: next,
      updatedAt: new Date().toISOString(),
    };
    schedule([entry]);
  };
  const done = answeredCount(activity, shown);

  return (
    <article aria-labelledby="activity-title" className="pb-24">
      <p className="mb-4">
        <Link to={paths.activities()} className="text-brand-700 underline dark:text-sky-400">
          ← All activities
        </Link>
      </p>
      <h2 id="activity-title" className="text-2xl font-bold">
        {activity.title}
      </h2>
      <p className="mt-2 max-w-2xl text-slate-700 dark:text-slate-300">{activity.summary}</p>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
        About {activity.minutes} minutes · You will have: {activity.outcome}
      </p>
      <div className="mt-4">
        <ItemActions
          kind="activity"
          id={activity.id}
          title={activity.title}
          lists={lists}
          onError={setMessage}
        />
      </div>
      {message && (
        <div className="mt-4">
          <FormAlert>{message}</FormAlert>
        </div>
      )}
      <div className="sticky top-0 z-10 mt-6 flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 bg-white/95 py-2 dark:border-slate-700 dark:bg-slate-950/95">
        <p className="text-sm">
          {done} of {activity.widgets.length} parts filled in
        </p>
        <SaveStatusOrLogin
          signedIn={user !== null}
          status={status}
          onRetry={retry}
          what="your answers"
        />
      </div>
      {waitingForRecord ? (
        <p className="mt-6 text-slate-600 dark:text-slate-400">Loading your answers…</p>
      ) : (
        <ol className="mt-6 grid gap-8">
          {activity.widgets.map((w) => (
            // min-w-0: a grid item is otherwise as wide as its widest content, and one wide
            // widget would widen the whole page.
            <li
              key={w.id}
              className="min-w-0 rounded-xl border border-slate-200 p-3 sm:p-4 dark:border-slate-700"
            >
              <WidgetField
                widget={w}
                value={shown[w.id] ?? null}
                onChange={(v) => change(w.id, v)}
              />
            </li>
          ))}
        </ol>
      )}
      {!waitingForRecord && (
        <ActivityFinish
          activity={activity}
          filled={done}
          completed={lists?.completed.includes(activity.id) ?? false}
          signedIn={user !== null}
          onError={setMessage}
        />
      )}
      {lists?.completed.includes(activity.id) && (
        <PrintedActivity activity={activity} answers={shown} />
      )}
    </article>
  );
}

/**
 * The end of an activity: a way to finish it once every part is filled in, and a moment
 * that says it is done with where to go next — finishing is never silent (issue 26).
 */
function ActivityFinish({
  activity,
  filled,
  completed,
  signedIn,
  onError,
}: {
  activity: TActivity;
  filled: number;
  completed: boolean;
  signedIn: boolean;
  onError: (message: string) => void;
}) {
  const listAction = useListAction('activity');
  const total = activity.widgets.length;
  const [justFinished, setJustFinished] = useState(false);
  const finish = () =>
    listAction(activity.id, 'complete')
      .then(() => setJustFinished(true))
      .catch((e: Error) => onError(e.message));
  return (
    <section
      aria-label="Finish"
      className="mt-8 rounded-2xl border border-slate-200 p-5 dark:border-slate-700"
      data-testid="activity-finish"
    >
      <div role="status" aria-live="polite">
        {completed ? (
          <div className={`flex items-start gap-4 ${justFinished ? 'goal-met' : ''}`}>
            <span
              aria-hidden="true"
              className="grid size-12 shrink-0 place-items-center rounded-full bg-emerald-600 text-2xl font-bold text-white"
            >
              ✓
            </span>
            <div className="min-w-0">
              <p className="text-xl font-semibold">Activity complete</p>
              <p className="mt-1 text-slate-700 dark:text-slate-300">
                You have {activity.outcome.charAt(0).toLowerCase() + activity.outcome.slice(1)}
                {/[.!?]$/.test(activity.outcome) ? '' : '.'} Your answers stay here to come back to.
              </p>
            </div>
          </div>
        ) : (
          <p className="font-semibold">
            {filled === total
              ? `All ${total} parts filled in.`
              : `${filled} of ${total} parts filled in.`}
          </p>
        )}
      </div>
      <div className="mt-4 flex flex-wrap gap-3">
        {!completed && signedIn && (
          <button
            type="button"
            className={primaryButton}
            disabled={filled === 0}
            onClick={() => void finish()}
          >
            Finish activity
          </button>
        )}
        {!signedIn && (
          <Link to={links.signUp(activityHref(activity.id))} className={primaryButton}>
            Create an account to finish it
          </Link>
        )}
        <Link
          to={completed ? paths.home() : paths.activities()}
          className={completed ? primaryButton : secondaryButton}
        >
          {completed ? 'Back to Today' : 'All activities'}
        </Link>
        {completed && (
          <Link to={paths.activities()} className={secondaryButton}>
            More activities
          </Link>
        )}
        {completed && <PrintButton />}
      </div>
    </section>
  );
}
