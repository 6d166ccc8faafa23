import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'wouter';
import type { TWord } from '../../../../core/content/vocabulary';
import { optionTone } from '../../../../core/grammar/scoring';
import { links, paths } from '../../../../core/paths';
import {
  answerStep,
  sessionProgress,
  sessionResult,
  startSession,
  type Session,
  type SessionResult,
  type Step,
} from '../../../../core/vocabulary/session';
import {
  STUDY_MODE_INFO,
  TEST_PASS_PERCENT,
  studyOrder,
  typedMatches,
} from '../../../../core/vocabulary/study';
import type { ItemLists } from '../../../../core/items/items';
import { useListChanges, useStartingLists } from '../../../lib/list-changes';
import { NO_VOICE_MESSAGE, useSpeech, useVoice } from '../../../lib/speech';
import { AnswerOption } from '../../../ui/AnswerOption';
import { primaryButton, secondaryButton } from '../../../ui/form';
import { SpeakerIcon } from '../../../ui/icons';
import {
  continueButton,
  FeedbackSheet,
  ItemPrompt,
  Player,
  useLeave,
} from '../../../ui/player/Player';
import { PlayerSummary } from '../../../ui/player/PlayerSummary';
import type { Missed } from '../../../ui/SessionSummary';
import { TypedAnswer } from '../../../ui/player/TypedAnswer';
import { usePlayerKeys } from '../../../ui/player/use-player-keys';

type SessionMode = 'learn' | 'listen' | 'test';

interface Props {
  mode: SessionMode;
  set: { id: string; title: string; words: readonly TWord[] };
  nextSet: { id: string; title: string } | null;
}

/** What was answered to the step on screen. */
interface Answer {
  right: boolean;
  /** The option chosen (a word id), or what was typed. */
  given: string;
}

const progressLabel: Record<SessionMode, string> = {
  learn: 'Learn',
  listen: 'Listen and type',
  test: 'Test',
};

/**
 * Learn, Listen and type, and Test over a word set, in the practice player: one step at a
 * time (core/vocabulary/session.ts), the sheet with the right word, its meaning and an
 * example after each answer, and at the end the result, what it changed (words learned, words
 * back to learning) and the next step. Guests' results are kept on the device like every list
 * change (app/lib/items.ts) and move to their account on sign-up.
 */
export function StudySession(props: Props) {
  const lists = useStartingLists('word');
  const [round, setRound] = useState(0);
  // Listening needs a voice: known before the round starts, never discovered mid-step.
  const voice = useVoice().state;
  if (props.mode === 'listen' && voice === 'no-voice') return <NoVoice setId={props.set.id} />;
  if (!lists || (props.mode === 'listen' && voice === 'checking')) return <StudySkeleton />;
  return <Round key={round} {...props} lists={lists} onAgain={() => setRound((r) => r + 1)} />;
}

/** One round, drawn once from the lists as they are when it starts. */
function Round({
  mode,
  set,
  nextSet,
  lists,
  onAgain,
}: Props & { lists: ItemLists; onAgain: () => void }) {
  const [session, setSession] = useState(() =>
    startSession(mode, studyOrder(set.words, lists), set.words, Math.random),
  );
  const [answer, setAnswer] = useState<Answer | null>(null);
  const byId = useMemo(() => new Map(set.words.map((w) => [w.id, w])), [set.words]);
  const leave = {
    href: paths.wordSet(set.id),
    note: 'What this round shows is saved when you finish it. Leave now and it is not kept.',
  };
  const leaving = useLeave(leave);

  const step = session.queue[0];
  const word = step && byId.get(step.wordId);
  if (!step || !word)
    return <Finished mode={mode} session={session} set={set} nextSet={nextSet} onAgain={onAgain} />;

  const next = () => {
    if (!answer) return;
    // What the summary shows as the learner's answer: the word (or meaning) chosen, or typed.
    const chosen = byId.get(answer.given);
    const given = !chosen
      ? answer.given.trim()
      : step.kind === 'choose-definition'
        ? chosen.definition
        : chosen.word;
    setSession(answerStep(session, answer.right, given));
    setAnswer(null);
  };
  return (
    <>
      <StepView
        key={`${session.done.length}`}
        mode={mode}
        step={step}
        word={word}
        byId={byId}
        position={sessionProgress(session).finished + 1}
        total={session.planned}
        finishing={session.queue.length === 1}
        answer={answer}
        onAnswer={setAnswer}
        onNext={next}
        leave={leave}
        onLeave={leaving.ask}
        setId={set.id}
      />
      {leaving.dialog}
    </>
  );
}

function StepView({
  mode,
  step,
  word,
  byId,
  position,
  total,
  finishing,
  answer,
  onAnswer,
  onNext,
  leave,
  onLeave,
  setId,
}: {
  mode: SessionMode;
  step: Step;
  word: TWord;
  byId: ReadonlyMap<string, TWord>;
  position: number;
  total: number;
  /** The last step in the queue: right (or in a test, answered) ends the round. */
  finishing: boolean;
  answer: Answer | null;
  onAnswer: (a: Answer) => void;
  onNext: () => void;
  leave: { href: string; note: string };
  onLeave?: () => void;
  setId: string;
}) {
  const promptRef = useRef<HTMLHeadingElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  const options = (step.options ?? []).map((id) => byId.get(id)).filter((w) => w !== undefined);
  const choosing = step.kind === 'choose-word' || step.kind === 'choose-definition';
  const typing = step.kind === 'type-word' || step.kind === 'listen';
  const answered = answer !== null;
  useLayoutEffect(() => {
    if (choosing) promptRef.current?.focus({ preventScroll: true });
  }, [choosing]);
  useLayoutEffect(() => {
    if (answered) nextRef.current?.focus({ preventScroll: true });
  }, [answered]);
  const choose = (id: string) => {
    if (!answered) onAnswer({ right: id === word.id, given: id });
  };
  usePlayerKeys({
    optionCount: choosing ? options.length : 0,
    answered,
    choose: (i) => {
      const o = options[i];
      if (o) choose(o.id);
    },
    onEnter: answered ? onNext : undefined,
    onEscape: onLeave,
  });
  const chosenIndex = answered && choosing ? options.findIndex((o) => o.id === answer.given) : null;
  const correctIndex = options.findIndex((o) => o.id === word.id);
  const chosen = choosing && answer ? byId.get(answer.given) : undefined;
  // The last step ends the round unless a miss brings it back (never in a test).
  const last = finishing && (answer?.right === true || mode === 'test');

  return (
    <Player
      id="study"
      label={`${progressLabel[mode]}: ${position} / ${total}`}
      labelId="study-title"
      heading
      position={position}
      total={total}
      done={position - 1 + (answer?.right || (answered && mode === 'test') ? 1 : 0)}
      leave={leave}
      onLeaveRequest={onLeave}
      testId="study-player"
      feedback={
        answer && (
          <FeedbackSheet
            tone={answer.right ? 'right' : 'wrong'}
            title={
              <>
                {answer.right ? 'Right' : 'Not this time'}
                <span className="sr-only">
                  {answer.right ? ' Your answer is correct.' : ' Your answer is not correct.'}
                </span>
              </>
            }
            titleTestId="study-feedback"
            correct={
              answer.right
                ? undefined
                : step.kind === 'choose-definition'
                  ? word.definition
                  : word.word
            }
            actions={
              <button ref={nextRef} type="button" className={continueButton} onClick={onNext}>
                {last ? 'See result' : 'Continue'}
              </button>
            }
          >
            {typing && !answer.right && (
              <p data-testid="typed-yours">You typed “{answer.given.trim()}”.</p>
            )}
            {chosen && chosen.id !== word.id && (
              <p>
                <strong className="font-semibold">{chosen.word}</strong> means: {chosen.definition}
              </p>
            )}
            <p className={typing || chosen ? 'mt-1' : ''}>
              <strong className="font-semibold">{word.word}</strong> {word.ipa}
              {step.kind !== 'choose-word' && step.kind !== 'type-word' && <>: {word.definition}</>}
            </p>
            <p className="mt-1" data-testid="study-example">
              <span className="font-semibold">In use:</span> {word.example}
            </p>
          </FeedbackSheet>
        )
      }
    >
      {step.kind === 'choose-word' && (
        <>
          <p className="mb-1 text-sm text-slate-600 dark:text-slate-300">Which word means this?</p>
          <ItemPrompt id="study-prompt" promptRef={promptRef}>
            {word.definition}
          </ItemPrompt>
        </>
      )}
      {step.kind === 'choose-definition' && (
        <>
          <p className="mb-1 text-sm text-slate-600 dark:text-slate-300">
            What does this word mean?
          </p>
          <ItemPrompt id="study-prompt" promptRef={promptRef}>
            {word.word}
          </ItemPrompt>
        </>
      )}
      {choosing && (
        <ol
          className={`mt-4 grid gap-2 sm:gap-3 ${step.kind === 'choose-word' ? 'sm:grid-cols-2' : ''}`}
          aria-labelledby="study-prompt"
        >
          {options.map((o, i) => (
            <li key={o.id}>
              <AnswerOption
                option={step.kind === 'choose-word' ? o.word : o.definition}
                tone={optionTone(i, chosenIndex, correctIndex)}
                answered={answered}
                chosen={chosenIndex === i}
                keyHint={String(i + 1)}
                onChoose={() => choose(o.id)}
              />
            </li>
          ))}
        </ol>
      )}
      {choosing && !answered && (
        <p className="mt-4 text-sm text-slate-600 dark:text-slate-300">
          Choose an answer (keys 1–{options.length}).
        </p>
      )}
      {step.kind === 'type-word' && (
        <>
          <p className="mb-1 text-sm text-slate-600 dark:text-slate-300">
            Type the word for this meaning.
          </p>
          <ItemPrompt id="study-prompt" promptRef={promptRef}>
            {word.definition}
          </ItemPrompt>
          <p className="mt-1 text-sm text-slate-600 italic dark:text-slate-400">
            {word.partOfSpeech}
          </p>
          <TypedStep
            label="The word"
            word={word}
            answer={answer}
            onAnswer={onAnswer}
            onLeave={onLeave}
          />
        </>
      )}
      {step.kind === 'listen' && (
        <ListenStep
          word={word}
          answer={answer}
          onAnswer={onAnswer}
          onLeave={onLeave}
          setId={setId}
        />
      )}
    </Player>
  );
}

/** The word typed from memory (Learn, the test) or from its sound: focused as it appears. */
function TypedStep({
  label,
  word,
  answer,
  onAnswer,
  onLeave,
}: {
  label: string;
  word: TWord;
  answer: Answer | null;
  onAnswer: (a: Answer) => void;
  onLeave?: () => void;
}) {
  const [draft, setDraft] = useState('');
  const input = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => input.current?.focus({ preventScroll: true }), []);
  return (
    <TypedAnswer
      label={label}
      inputId="typed-answer"
      inputRef={input}
      describedBy="study-prompt"
      value={answer?.given ?? draft}
      onChange={setDraft}
      onSubmit={(e) => {
        e.preventDefault();
        if (!answer && draft.trim())
          onAnswer({ right: typedMatches(draft, word.word), given: draft });
      }}
      onEscape={onLeave}
      locked={answer !== null}
      verdict={answer ? (answer.right ? 'right' : 'wrong') : null}
    />
  );
}

/** The word read aloud (at once, and again on demand); type what you hear. */
function ListenStep({
  word,
  answer,
  onAnswer,
  onLeave,
  setId,
}: {
  word: TWord;
  answer: Answer | null;
  onAnswer: (a: Answer) => void;
  onLeave?: () => void;
  setId: string;
}) {
  const { state, speaking, say } = useSpeech();
  const spoken = useRef(false);
  useEffect(() => {
    if (state === 'ready' && !spoken.current) {
      spoken.current = true;
      say(word.word);
    }
  }, [state, say, word.word]);
  if (state === 'no-voice') return <NoVoice setId={setId} />; // the voice went away
  return (
    <>
      <h3 id="study-prompt" className="text-xl font-medium">
        Type the word you hear.
      </h3>
      <button
        type="button"
        onClick={() => say(word.word)}
        disabled={state !== 'ready'}
        className="mt-4 inline-flex min-h-14 items-center gap-3 rounded-2xl border-2 border-brand-600 bg-brand-50 px-6 text-lg font-semibold text-brand-800 hover:bg-brand-100 disabled:opacity-60 dark:border-sky-500 dark:bg-slate-800 dark:text-sky-300"
        data-testid="listen-play"
      >
        <SpeakerIcon width={28} height={28} />
        {state === 'checking' ? 'Finding a voice…' : speaking ? 'Playing…' : 'Play again'}
      </button>
      <TypedStep
        label="What you heard"
        word={word}
        answer={answer}
        onAnswer={onAnswer}
        onLeave={onLeave}
      />
    </>
  );
}

/** Where the browser has no English voice: said plainly, with modes that need none. */
export function NoVoice({ setId }: { setId: string }) {
  return (
    <div
      role="status"
      className="rounded-2xl border-2 border-amber-400 bg-amber-50 p-5 dark:bg-slate-800"
      data-testid="no-voice"
    >
      <h3 className="text-lg font-semibold">Listening is not available in this browser</h3>
      <p className="mt-2">{NO_VOICE_MESSAGE}</p>
      <p className="mt-4 flex flex-wrap gap-3">
        <Link to={paths.wordStudy(setId, 'learn')} className={primaryButton}>
          Study with Learn instead
        </Link>
        <Link to={paths.wordStudy(setId, 'flashcards')} className={secondaryButton}>
          Flashcards
        </Link>
      </p>
    </div>
  );
}

/** The end: the score, what it changed on the learner's words, the missed words, what next. */
function Finished({
  mode,
  session,
  set,
  nextSet,
  onAgain,
}: {
  mode: SessionMode;
  session: Session;
  set: Props['set'];
  nextSet: Props['nextSet'];
  onAgain: () => void;
}) {
  const result = useMemo(() => sessionResult(session), [session]);
  const saveError = useSaveResult(result);
  const byId = new Map(set.words.map((w) => [w.id, w]));
  const missed = missedWords(result.missed, set, (w) => `${w.word} ${w.ipa}`, result.yours);
  const next = nextStep(mode, result, set.id, nextSet);
  return (
    <PlayerSummary
      eyebrow={`${STUDY_MODE_INFO[mode].title} finished`}
      right={result.right}
      total={result.total}
      detail={
        mode === 'test'
          ? ` · ${Math.round((result.right / Math.max(1, result.total)) * 100)}%`
          : undefined
      }
      verdict={verdictOf(mode, result)}
      missed={missed}
      missedNoun="missed word"
      lead="next"
      next={next}
      actions={
        <button type="button" className={secondaryButton} onClick={onAgain}>
          {mode === 'test' ? 'Take another test' : 'Another round'}
        </button>
      }
      testId="study-summary"
    >
      <Changes result={result} byId={byId} />
      {saveError && (
        <p role="alert" className="mt-3 text-sm text-red-700 dark:text-red-400">
          {saveError}
        </p>
      )}
    </PlayerSummary>
  );
}

function verdictOf(mode: SessionMode, r: SessionResult): string {
  if (mode === 'test')
    return r.passed
      ? `Passed. The words you got right are now learned and join your reviews.`
      : `Not passed yet: ${TEST_PASS_PERCENT}% is needed. The words you missed are back to learning.`;
  if (mode === 'learn')
    return r.missed.length === 0
      ? 'Every word right the first time: they are now learned.'
      : 'Words right the first time are now learned; the others stay in learning.';
  return r.missed.length === 0
    ? 'Every word spelled right from its sound.'
    : 'Listen again to the words you missed, then spell them once more.';
}

/**
 * The summary's words to practice: each with its definition, the right word (as `correct`
 * writes it), an example and a link to open it; `yours` is what the learner first gave
 * instead, by word (or one text for all, a flashcard's "Still learning").
 */
export function missedWords(
  ids: readonly string[],
  set: Props['set'],
  correct: (w: TWord) => string,
  yours: Readonly<Record<string, string>> | string,
): Missed[] {
  const byId = new Map(set.words.map((w) => [w.id, w]));
  return ids.flatMap((id) => {
    const w = byId.get(id);
    return w
      ? [
          {
            key: id,
            prompt: w.definition,
            yours: typeof yours === 'string' ? yours : (yours[id] ?? null),
            correct: correct(w),
            explanation: `In use: ${w.example}`,
            link: { to: links.word(set.id, id), label: `Open “${w.word}”` },
          },
        ]
      : [];
  });
}

/** The words the round marked learned and those back to learning. */
function Changes({ result, byId }: { result: SessionResult; byId: ReadonlyMap<string, TWord> }) {
  const names = (ids: string[]) => ids.map((id) => byId.get(id)?.word ?? id).join(', ');
  if (result.learned.length === 0 && result.learning.length === 0) return null;
  return (
    <div className="mt-4 space-y-1 text-slate-800 dark:text-slate-100" data-testid="study-changes">
      {result.learned.length > 0 && (
        <p>
          <span className="font-semibold text-emerald-700 dark:text-emerald-400">
            ✓ Learned ({result.learned.length}):
          </span>{' '}
          {names(result.learned)}
        </p>
      )}
      {result.learning.length > 0 && (
        <p>
          <span className="font-semibold text-amber-800 dark:text-amber-300">
            Still learning ({result.learning.length}):
          </span>{' '}
          {names(result.learning)}
        </p>
      )}
    </div>
  );
}

/**
 * Sends what the round changed, once and together: learned words completed, missed ones to
 * learning. Null while it goes; a message if it could not be saved.
 */
function useSaveResult(result: SessionResult): string | null {
  const save = useListChanges('word');
  const sent = useRef(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    save([
      ...result.learned.map((itemId) => ({ itemId, op: 'complete' as const })),
      ...result.learning.map((itemId) => ({ itemId, op: 'learning' as const })),
    ]).catch((e: Error) => setError(e.message));
  }, [save, result]);
  return error;
}

/** One next step: learn → test, a passed test → the next set, the rest → learn again. */
function nextStep(
  mode: SessionMode,
  result: SessionResult,
  setId: string,
  nextSet: Props['nextSet'],
): { href: string; label: string } {
  if (mode === 'test' && result.passed)
    return nextSet
      ? { href: paths.wordSet(nextSet.id), label: `Next word set: ${nextSet.title} →` }
      : { href: paths.wordSet(setId), label: 'Back to the words' };
  if (mode === 'learn') return { href: paths.wordStudy(setId, 'test'), label: 'Take the test →' };
  return { href: paths.wordStudy(setId, 'learn'), label: 'Learn the words you missed →' };
}

/** The player's frame while the round is drawn (server render, hydration, the lists loading). */
export function StudySkeleton() {
  return (
    <div aria-hidden="true" className="animate-pulse motion-reduce:animate-none">
      <div className="h-3 rounded-full bg-slate-200 dark:bg-slate-700" />
      <div className="mt-6 h-6 w-3/4 rounded bg-slate-200 dark:bg-slate-700" />
      <div className="mt-6 grid gap-2">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="h-14 rounded-xl bg-slate-100 dark:bg-slate-800" />
        ))}
      </div>
    </div>
  );
}
