import { memo, useMemo, useState } from 'react';
import type { TGrammarQuestion } from '../../../core/content/grammar';
import { links } from '../../../core/paths';
import { useCurrentPath } from '../../lib/navigation';
import { useHydrated } from '../../lib/ssr-data';
import { hasOwnRun } from './quiz-runs';
import { QuizQuestion } from './QuizQuestion';
import { QuizResults } from './QuizResults';
import { useQuizRun } from './use-quiz-run';
import { useLeave } from '../../ui/player/Player';

interface Props {
  quizId: string;
  /** The topic's whole bank; each run asks a rotating set of it (core/grammar/quiz-pick.ts). */
  questions: readonly TGrammarQuestion[];
  /** Where "Next topic" leads after a run. */
  nextTopic?: { path: string; name: string };
  /** Where leaving the player goes (the lesson), asked first. */
  leave?: { href: string; note: string };
}

/**
 * The quiz. Server-rendered (and while hydrating) it shows a fresh device's first run; once
 * hydrated, a device with its own history or a kept run starts that run instead.
 */
export function Quiz(props: Props) {
  const hydrated = useHydrated();
  const [fromServer] = useState(!hydrated);
  // Decided once, when hydration ends: a run finished later must not restart the quiz.
  const own = useMemo(
    () => hydrated && fromServer && hasOwnRun(props.quizId),
    [hydrated, fromServer, props.quizId],
  );
  return <QuizRun key={own ? 'own' : 'first'} {...props} firstRun={fromServer && !own} />;
}

// Memoized: the render that ends hydration (useHydrated) is synchronous, and for a device
// with no run of its own it changes nothing below, so the whole quiz is not drawn again.
const QuizRun = memo(QuizRunBody);

/**
 * The practice quiz (spec section 4): first choice locks, green/red with text, an
 * explanation and a feedback phrase per answer, 'Next Question' → 'Submit Quiz', and a
 * server-graded submit for signed-in users — the button reads 'Submitting' and takes no
 * second submit, then the results say 'Submitted' ('Please Login' for guests).
 * Keyboard: 1–4 choose, Enter moves on, Escape asks to leave; focus goes to each new
 * question. Keyed by topic (GrammarPracticePage), so another topic starts a new run.
 */
function QuizRunBody({
  quizId,
  questions: bank,
  nextTopic,
  leave,
  firstRun: first,
}: Props & { firstRun: boolean }) {
  const leaving = useLeave(leave);
  const run = useQuizRun({ quizId, bank, first, onEscape: leaving.ask });
  const { state, outcome, question, newRun } = run;
  const currentPath = useCurrentPath();

  if (!question) return null;
  const loginHref = links.login(currentPath);
  const finished = state.submit === 'submitted' || state.submit === 'needs-login';
  const submitting = state.submit === 'submitting';

  // Said politely on both sides of the switch to the results (one node, kept by React):
  // 'Submitting' while the run is sent, 'Submitted' once the account has it.
  const announce = (
    <p role="status" aria-live="polite" className="sr-only" data-testid="quiz-submit-status">
      {submitting
        ? 'Submitting'
        : state.submit === 'submitted' && outcome !== 'queued'
          ? 'Submitted'
          : ''}
    </p>
  );

  if (finished) {
    return (
      <>
        <QuizResults
          state={state}
          outcome={state.submit === 'needs-login' ? 'kept' : (outcome ?? 'saved')}
          loginHref={loginHref}
          signUpHref={links.signUp(currentPath)}
          nextTopic={nextTopic}
          onRetry={(ids) => newRun(ids)}
          onNewSet={() => newRun(null)}
        />
        {announce}
      </>
    );
  }

  return (
    <>
      <QuizQuestion run={run} question={question} leave={leave && { ...leave, ask: leaving.ask }} />
      {announce}
      {leaving.dialog}
    </>
  );
}
