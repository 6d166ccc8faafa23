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

/**
 * On the last step, a learner may ask for the daily reminder by email (reminders need an
 * account, so a guest is not offered it). Off until ticked; saved with Finish.
 */
function DailyReminderOffer({ flow }: { flow: Onboarding }) {
  return (
    <div className="mt-6 max-w-xl rounded-xl border border-slate-200 p-4 dark:border-slate-700">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-2">
        <input
          id="remind-daily"
          type="checkbox"
          className="size-5 accent-brand-700 dark:accent-sky-500"
          checked={flow.remind}
          onChange={(e) => flow.setRemind(e.target.checked)}
        />
        <label htmlFor="remind-daily" className="font-semibold">
          Remind me to practice at
        </label>
        <input
          type="time"
          aria-label="Reminder time"
          required
          className="rounded-control border border-slate-300 bg-white px-2.5 py-1.5 text-base text-slate-900 shadow-sm dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:[color-scheme:dark]"
          value={flow.remindAt}
          onChange={(e) => {
            flow.setRemindAt(e.target.value);
            if (e.target.value) flow.setRemind(true);
          }}
        />
        <span className="font-semibold">by email</span>
      </div>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
        Only on days you haven’t met your goal yet
        {flow.addressConfirmed ? '' : ', once you confirm your email address'}. Change or stop it
        any time in your profile.
      </p>
    </div>
  );
}

/**
 * Back (after the first step), Continue or Finish, and Skip for now. On a phone the row stays
 * at the screen's bottom edge, so Continue and Finish are always in reach; it starts after
 * the floating theme toggle (app/styles.css), which so covers none of its buttons.
 */
function StepButtons({ flow }: { flow: Onboarding }) {
  const { step, busy } = flow;
  return (
    <div
      data-testid="step-buttons"
      className="mt-8 flex flex-wrap items-center gap-3 max-md:sticky max-md:bottom-0 max-md:-mx-4 max-md:border-t max-md:border-slate-200 max-md:bg-white max-md:py-3 max-md:pr-4 max-md:pb-[calc(0.75rem+env(safe-area-inset-bottom))] max-md:pl-[4.5rem] max-md:dark:border-slate-800 max-md:dark:bg-slate-950"
    >
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
        className="ml-auto px-1 py-2.5 font-semibold text-slate-600 max-sm:text-sm sm:px-2 underline-offset-2 hover:underline disabled:opacity-60 dark:text-slate-300"
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
        {flow.step + 1 === STEP_COUNT && flow.offerReminder && <DailyReminderOffer flow={flow} />}
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
