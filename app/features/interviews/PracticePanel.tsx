import { useEffect, useId, useRef, useState } from 'react';
import type { AudioSupport } from '../../../core/audio-state';
import type { DeliveryFigures } from '../../../core/audio/delivery';
import { SPEAKING_TARGET_MS } from '../../../core/audio/targets';
import { MODEL_ANSWER_AFTER_WORDS, type InterviewType } from '../../../core/constants';
import type { TInterviewQuestion } from '../../../core/content/practice';
import type { Recording } from '../../../core/items/interviews';
import { countWords } from '../../../core/text';
import { useAuth } from '../../lib/auth';
import { useItemRecord } from '../../lib/items';
import { secondaryButton } from '../../ui/form';
import { WritingField } from '../../ui/writing/WritingField';
import { MicCheck } from './MicCheck';
import { ModelAnswer } from './ModelAnswer';
import { PastRecordings } from './PastRecordings';
import { QuestionGuide } from './QuestionGuide';
import { Recorder } from './Recorder';
import { MAX_TRANSCRIPT_CHARS } from './review';
import { SelfReview } from './SelfReview';
import { transcriptNote } from './transcript-note';
import { useRecordings } from './queries';
import { useSpeech } from './use-speech';
import { UpgradePrompt } from '../../ui/UpgradePrompt';

interface Props {
  type: InterviewType;
  question: TInterviewQuestion;
  /** The microphone check's result; kept by the page so it survives changing question. */
  support: AudioSupport;
  onSupport: (next: AudioSupport) => void;
  /** Bumped when the learner chose "Practice": bring the panel into view and focus it. */
  focusRequest: number;
  onClose: () => void;
}

/** Practicing one question: the guidance, recording, a transcript, self-review and past takes. */
export function PracticePanel({
  type,
  question,
  support,
  onSupport,
  focusRequest,
  onClose,
}: Props) {
  const id = useId();
  const { user } = useAuth();
  const signedIn = user !== null;
  const [record, setRecord] = useItemRecord('interview', question.id);
  const [answer, setAnswer] = useState('');
  const [recordingId, setRecordingId] = useState<string | null>(null);
  const [recorded, setRecorded] = useState(false);
  const [answeredAloud, setAnsweredAloud] = useState(false);
  // The last take's delivery figures: undefined before a take, null when not measurable.
  const [figures, setFigures] = useState<DeliveryFigures | null | undefined>(undefined);
  const { data: past } = useRecordings(signedIn && !question.locked ? question.id : null);
  const speech = useSpeech((text) =>
    setAnswer((a) => {
      const before = a.trimEnd();
      return (before ? `${before} ${text}` : text).slice(0, MAX_TRANSCRIPT_CHARS);
    }),
  );
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (focusRequest === 0) return;
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    heading.current?.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
    heading.current?.focus({ preventScroll: true });
  }, [focusRequest]);

  // An attempt opens the model answer: a take recorded now or saved before, enough notes, or
  // the learner's word that they answered aloud (for anyone without a microphone).
  const attempted =
    recorded ||
    (past?.recordings.length ?? 0) > 0 ||
    countWords(answer) >= MODEL_ANSWER_AFTER_WORDS ||
    answeredAloud;

  // A coding question's guidance would hand over the approach: it, and the review built from
  // it, wait for the attempt (decision 055).
  const waitForTry = type === 'coding' && !attempted;

  function onSaved(recording: Recording) {
    setRecordingId(recording.id);
  }

  const speechNote = transcriptNote({
    supported: speech.supported,
    problem: speech.problem,
    listening: speech.listening,
    heard: speech.heard,
    figures,
  });

  const section = 'grid gap-4 border-t border-slate-200 pt-6 dark:border-slate-700';
  return (
    <section
      aria-labelledby={`${id}-q`}
      className="grid gap-6 rounded-2xl border-2 border-brand-700 p-4 sm:p-6 dark:border-sky-400"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          <p className="text-sm font-medium text-slate-600 dark:text-slate-400">
            Practice · Level: {question.level}
          </p>
          <h2
            id={`${id}-q`}
            ref={heading}
            tabIndex={-1}
            className="mt-1 scroll-mt-24 text-2xl font-bold outline-none"
          >
            {question.question}
          </h2>
        </div>
        <button
          type="button"
          className={secondaryButton}
          onClick={onClose}
          aria-label="Close practice"
        >
          Close
        </button>
      </div>

      {question.locked ? (
        <UpgradePrompt what="interview question" />
      ) : (
        <>
          <QuestionGuide question={question} hideUntilTried={waitForTry} />

          <section aria-labelledby={`${id}-speak`} className={section}>
            <h3 id={`${id}-speak`} className="text-lg font-semibold">
              Say your answer out loud
            </h3>
            <MicCheck support={support} onChange={onSupport} />
            {support.allowed && (
              <Recorder
                questionId={question.id}
                signedIn={signedIn}
                onStart={() => {
                  // A new take: the review links to a recording only once that take is saved.
                  setRecordingId(null);
                  setFigures(undefined);
                  speech.begin();
                }}
                onStop={() => {
                  speech.end();
                  setRecorded(true);
                }}
                onSaved={onSaved}
                targetMs={SPEAKING_TARGET_MS[type]}
                onMeasured={setFigures}
              />
            )}
            <div>
              <label htmlFor={`${id}-answer`} className="text-sm font-medium">
                Your answer (typed or transcribed)
              </label>
              <WritingField
                id={`${id}-answer`}
                value={answer}
                onChange={setAnswer}
                maxLength={MAX_TRANSCRIPT_CHARS}
                rows={6}
                aria-describedby={`${id}-speech`}
              />
              <p id={`${id}-speech`} className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                {speechNote}
              </p>
              {speech.listening && speech.interim && (
                <p className="mt-1 text-slate-700 italic dark:text-slate-300" aria-live="off">
                  {speech.interim}
                </p>
              )}
            </div>
          </section>

          <ModelAnswer
            type={type}
            question={question}
            attempted={attempted}
            onAnsweredAloud={() => setAnsweredAloud(true)}
          />

          <section aria-labelledby={`${id}-review`} className={section}>
            <h3 id={`${id}-review`} className="text-lg font-semibold">
              Review your answer
            </h3>
            {waitForTry ? (
              <p className="max-w-prose text-slate-700 dark:text-slate-300">
                After you try, check your answer here against what the interviewer is looking for.
              </p>
            ) : (
              <SelfReview
                question={question}
                record={record}
                signedIn={signedIn}
                transcript={answer}
                recordingId={recordingId}
                onSaved={setRecord}
              />
            )}
          </section>

          {signedIn && (
            <section aria-labelledby={`${id}-past`} className={section}>
              <h3 id={`${id}-past`} className="text-lg font-semibold">
                Your recordings
              </h3>
              <PastRecordings questionId={question.id} />
            </section>
          )}
        </>
      )}
    </section>
  );
}
