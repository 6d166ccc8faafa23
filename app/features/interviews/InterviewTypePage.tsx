import { useState } from 'react';
import { Redirect, useParams, useSearchParams } from 'wouter';
import { INITIAL_AUDIO_SUPPORT } from '../../../core/audio-state';
import { LEVELS, type InterviewType } from '../../../core/constants';
import { links } from '../../../core/paths';
import { useAuth } from '../../lib/auth';
import { useItemLists } from '../../lib/items';
import type { StatusFilter } from '../../lib/list-filter';
import { useInterviewSet } from './queries';
import { FilteredList } from '../../ui/FilteredList';
import { Page } from '../../ui/Page';
import { InterviewDrawer } from './InterviewDrawer';
import { INTERVIEW_TYPE_INFO } from '../../../core/items/interviews';
import { PracticePanel } from './PracticePanel';
import { practiceButtonId, QuestionCard } from './QuestionCard';

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
  // Microphone access is per site, so one check serves every question on the page.
  const [support, setSupport] = useState(INITIAL_AUDIO_SUPPORT);
  const [focusRequest, setFocusRequest] = useState(0);

  const openId = params.get('interview');
  const open = data?.questions.find((q) => q.id === openId) ?? null;
  // A question of another type (or none): the section page finds it or says so.
  if (openId && data && !open) return <Redirect replace to={links.interviewById(openId)} />;

  const setOpen = (id: string | null) => {
    const next = new URLSearchParams(params);
    if (id) next.set('interview', id);
    else next.delete('interview');
    setParams(next, { replace: !id });
  };
  const practice = (id: string) => {
    setOpen(id);
    setFocusRequest((n) => n + 1);
  };
  const close = () => {
    const id = open?.id;
    setOpen(null);
    if (id) requestAnimationFrame(() => document.getElementById(practiceButtonId(id))?.focus());
  };

  const questions = data?.questions ?? [];

  return (
    <Page route="interviewType" title={info.title} purpose={info.blurb}>
      <div className="grid gap-8 pb-24">
        <p className="font-medium">{info.structure}</p>
        {open && (
          <PracticePanel
            key={open.id}
            type={type}
            question={open}
            support={support}
            onSupport={setSupport}
            focusRequest={focusRequest}
            onClose={close}
          />
        )}
        <section aria-labelledby="questions-title">
          <h2 id="questions-title" className="mb-4 text-2xl font-bold">
            Questions
          </h2>
          {/* Moving to another type's page keeps this component: its list starts unfiltered. */}
          <FilteredList
            key={type}
            noun="questions"
            items={data?.questions}
            error={error}
            emptyServer="Interview questions appear here as soon as they are published."
            lists={lists}
            statuses={SIGNED_IN_STATUSES}
            facet={{
              label: 'Level',
              of: (q) => [q.level],
              options: LEVELS.filter((l) => questions.some((q) => q.level === l)),
            }}
            text={(q) => q.question}
            gridClass="grid gap-4 sm:grid-cols-2"
            intro={
              !user && (
                <p className="mb-4 text-sm text-slate-600 dark:text-slate-400">
                  Log in to plan questions, save your recordings and keep your reviews.
                </p>
              )
            }
            renderItem={(q, onError) => (
              <QuestionCard
                question={q}
                lists={lists}
                current={q.id === open?.id}
                onPractice={() => practice(q.id)}
                onError={onError}
              />
            )}
          />
        </section>
      </div>
      <InterviewDrawer />
    </Page>
  );
}
