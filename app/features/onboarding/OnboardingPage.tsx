import { FormAlert, primaryButton, secondaryButton } from '../../ui/form';
import { useFocusedTask } from '../../ui/player/focused-task';
import { Page } from '../../ui/Page';
import { OnboardingStep } from './OnboardingStep';
import { STEP_COUNT, STEP_KEYS, useOnboarding, type Onboarding } from './use-onboarding';

/** "Step n of 4" and a bar with one mark per step. */
function StepProgress({ step }: { step: number }) {
  return (
    <>
      <p className="text-sm font-semibold text-slate-600 dark:text-slate-400" id="step-count">
        Step {step + 1} of {STEP_COUNT}
      </p>
      <div
        role="progressbar"
        aria-labelledby="step-count"
        aria-valuemin={1}
        aria-valuemax={STEP_COUNT}
        aria-valuenow={step + 1}
        className="mt-2 mb-6 flex gap-1.5"
      >
        {STEP_KEYS.map((key, i) => (
          <span
            key={key}
            className={`h-1.5 flex-1 rounded-full ${i <= step ? 'bg-brand-700 dark:bg-sky-400' : 'bg-slate-200 dark:bg-slate-700'}`}
          />
        ))}
      </div>
    </>
  );
}

/** Back (after the first step), Continue or Finish, and Skip for now. */
function StepButtons({ flow }: { flow: Onboarding }) {
  const { step, busy } = flow;
  return (
    <div className="mt-8 flex flex-wrap items-center gap-3">
      {step > 0 && (
        <button type="button" className={secondaryButton} disabled={busy} onClick={flow.back}>
          Back
        </button>
      )}
      <button type="submit" className={primaryButton} disabled={busy}>
        {step + 1 === STEP_COUNT ? 'Finish' : 'Continue'}
      </button>
      <button
        type="button"
        className="ml-auto px-2 py-2.5 font-semibold text-slate-600 underline-offset-2 hover:underline disabled:opacity-60 dark:text-slate-300"
        disabled={busy}
        onClick={flow.skip}
      >
        Skip for now
      </button>
    </div>
  );
}

/**
 * Onboarding: profession, level, target role and daily goal, one step at a time. Each
 * Continue saves that step where the rest of the app reads it (this device's settings; for
 * a learner also the profile), so Skip keeps what was chosen so far and leaves the defaults
 * for the rest.
 */
export default function OnboardingPage() {
  const flow = useOnboarding();
  useFocusedTask(); // on a phone the tab bar gives way: Continue is never under it
  return (
    <Page route="welcome" loading={!flow.ready}>
      <form
        className="mt-2 max-w-4xl"
        aria-busy={flow.busy || undefined}
        onSubmit={(e) => {
          e.preventDefault();
          void flow.advance();
        }}
      >
        <StepProgress step={flow.step} />
        <OnboardingStep flow={flow} />
        {flow.problem && (
          <div className="mt-4">
            <FormAlert>{flow.problem}</FormAlert>
          </div>
        )}
        <StepButtons flow={flow} />
      </form>
    </Page>
  );
}
