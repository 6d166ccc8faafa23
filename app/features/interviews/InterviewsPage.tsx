import { Link, Redirect, useSearchParams } from 'wouter';
import { INTERVIEW_TYPES } from '../../../core/constants';
import { paths } from '../../../core/paths';
import { useAuth } from '../../lib/auth';
import { useItemLists } from '../../lib/items';
import { FormAlert } from '../../ui/form';
import { Page } from '../../ui/Page';
import { questionLink, useAllInterviewSets } from './queries';
import { InterviewDrawer } from './InterviewDrawer';
import { INTERVIEW_TYPE_INFO } from '../../../core/items/interviews';

export default function InterviewsPage() {
  const [params] = useSearchParams();
  const wanted = params.get('interview');
  const { user } = useAuth();
  const { data: lists } = useItemLists('interview');
  const { sets, byId, loaded, failed } = useAllInterviewSets();

  // ?interview=<id> (the spec's query parameter) opens the question on its type's page.
  const target = wanted ? byId.get(wanted) : undefined;
  if (wanted && target) return <Redirect replace to={questionLink(target.type, wanted)} />;

  return (
    <Page route="interviews">
      <div className="grid gap-6 pb-24">
        {wanted && loaded && (
          <FormAlert>
            We couldn’t find the interview question “{wanted}”. Pick a type below to see the
            questions there are.
          </FormAlert>
        )}
        {failed && !loaded && (
          <FormAlert>
            Some questions could not be loaded. Check your connection and reload the page.
          </FormAlert>
        )}
        <ul className="grid gap-4 sm:grid-cols-3">
          {INTERVIEW_TYPES.map((type) => {
            const info = INTERVIEW_TYPE_INFO[type];
            const questions = sets[type].data?.questions;
            const done = questions?.filter((q) => lists?.completed.includes(q.id)).length ?? 0;
            return (
              <li key={type}>
                <Link
                  to={paths.interviewType(type)}
                  className="flex h-full flex-col rounded-xl border border-slate-200 p-5 hover:border-brand-600 dark:border-slate-700 dark:hover:border-sky-400"
                >
                  <span className="text-lg font-semibold">{info.title}</span>
                  <span className="mt-2 text-slate-600 dark:text-slate-300">{info.blurb}</span>
                  <span className="mt-auto pt-4 text-sm font-medium" data-testid={`count-${type}`}>
                    {questions ? (
                      <>
                        {questions.length} questions
                        {user && lists && ` · ${done} completed`}
                      </>
                    ) : (
                      <span className="inline-block h-4 w-28 animate-pulse rounded bg-slate-200 dark:bg-slate-800">
                        <span className="sr-only">Loading questions…</span>
                      </span>
                    )}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      </div>
      <InterviewDrawer />
    </Page>
  );
}
