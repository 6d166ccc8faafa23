import { useState } from 'react';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { INITIAL_AUDIO_SUPPORT } from '../../../core/audio-state';
import { LEVELS, type InterviewType } from '../../../core/constants';
import { paths } from '../../../core/paths';
import { useAuth } from '../../lib/auth';
import { useItemLists } from '../../lib/items';
import { filterItems, NO_FILTER, type StatusFilter } from '../../lib/list-filter';
import { useInterviewSet } from '../../lib/practice';
import { EmptyState } from '../../ui/EmptyState';
import { FormAlert, secondaryButton } from '../../ui/form';
import { ListFilters } from '../../ui/ListFilters';
import { Page } from '../../ui/Page';
import { Skeleton } from '../../ui/Skeleton';
import { InterviewDrawer } from './InterviewDrawer';
import { INTERVIEW_TYPE_INFO } from './interview-types';
import { PracticePanel } from './PracticePanel';
import { practiseButtonId, QuestionCard } from './QuestionCard';

const SIGNED_IN_STATUSES: StatusFilter[] = [
  'all',
  'todo',
  'planned',
  'completed',
  'saved',
  'liked',
];

export default function InterviewTypePage() {
  // The route guard has already sent unknown types to the 404 page.
  const type = useParams().type as InterviewType;
  const info = INTERVIEW_TYPE_INFO[type];
  const [params, setParams] = useSearchParams();
  const { data, error } = useInterviewSet(type);
  const { user } = useAuth();
  const { data: lists } = useItemLists('interview');
  const [filter, setFilter] = useState(NO_FILTER);
  const [message, setMessage] = useState<string | null>(null);
  // Microphone access is per site, so one check serves every question on the page.
  const [support, setSupport] = useState(INITIAL_AUDIO_SUPPORT);
  const [focusRequest, setFocusRequest] = useState(0);
  // Moving to another type's page keeps this component: start its list unfiltered.
  const [filterFor, setFilterFor] = useState(type);
  if (filterFor !== type) {
    setFilterFor(type);
    setFilter(NO_FILTER);
  }

  const openId = params.get('interview');
  const open = data?.questions.find((q) => q.id === openId) ?? null;
  // A question of another type (or none): the section page finds it or says so.
  if (openId && data && !open)
    return (
      <Navigate replace to={`${paths.interviews()}?interview=${encodeURIComponent(openId)}`} />
    );

  const setOpen = (id: string | null) => {
    const next = new URLSearchParams(params);
    if (id) next.set('interview', id);
    else next.delete('interview');
    setParams(next, { replace: !id });
  };
  const practise = (id: string) => {
    setOpen(id);
    setFocusRequest((n) => n + 1);
  };
  const close = () => {
    const id = open?.id;
    setOpen(null);
    if (id) requestAnimationFrame(() => document.getElementById(practiseButtonId(id))?.focus());
  };

  const questions = data?.questions ?? [];
  const shown = filterItems(
    questions,
    filter,
    lists,
    (q) => q.question,
    (q) => [q.level],
  );
  const levels = LEVELS.filter((l) => questions.some((q) => q.level === l));

  return (
    <Page route="interviewType" title={info.title} purpose={info.blurb}>
      <div className="grid gap-8 pb-24">
        <p className="font-medium">{info.structure}</p>
        {!data && !error && <Skeleton lines={6} />}
        {error && !data && (
          <FormAlert>
            These questions could not be loaded. Check your connection and reload the page.
          </FormAlert>
        )}
        {open && (
          <PracticePanel
            key={open.id}
            question={open}
            support={support}
            onSupport={setSupport}
            focusRequest={focusRequest}
            onClose={close}
          />
        )}
        {data && questions.length === 0 && (
          <EmptyState title="No questions of this type on this server yet">
            Interview questions appear here as soon as they are added to the server’s content
            folder.
          </EmptyState>
        )}
        {questions.length > 0 && (
          <section aria-labelledby="questions-title">
            <h2 id="questions-title" className="mb-4 text-2xl font-bold">
              Questions
            </h2>
            {!user && (
              <p className="mb-4 text-sm text-slate-600 dark:text-slate-400">
                Log in to plan questions, save your recordings and keep your reviews.
              </p>
            )}
            <ListFilters
              value={filter}
              onChange={setFilter}
              statuses={user ? SIGNED_IN_STATUSES : ['all']}
              facet={{ label: 'Level', options: levels }}
              resultText={`${shown.length} of ${questions.length} questions`}
            />
            {message && (
              <div className="mb-4">
                <FormAlert>{message}</FormAlert>
              </div>
            )}
            {shown.length === 0 ? (
              <EmptyState title="No questions match">
                <button
                  type="button"
                  className={secondaryButton}
                  onClick={() => setFilter(NO_FILTER)}
                >
                  Clear the filters
                </button>
              </EmptyState>
            ) : (
              <ul className="grid gap-4 sm:grid-cols-2">
                {shown.map((q) => (
                  <li key={q.id}>
                    <QuestionCard
                      question={q}
                      lists={lists}
                      current={q.id === open?.id}
                      onPractise={() => practise(q.id)}
                      onError={setMessage}
                    />
                  </li>
                ))}
              </ul>
            )}
          </section>
        )}
      </div>
      <InterviewDrawer />
    </Page>
  );
}
