import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'wouter';
import useSWR, { mutate } from 'swr';
import { LEVELS, PROFESSIONS, type Level, type Profession } from '../../../core/constants';
import { TARGET_PROFILE_IDS } from '../../../core/content/skill-ids';
import {
  DAILY_GOAL_NAMES,
  DAILY_GOAL_OPTIONS,
  DEFAULT_DAILY_GOAL,
  goalAnswers,
  isDailyGoal,
  type DailyGoal,
} from '../../../core/goal';
import { ApiError } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { useNavigate } from '../../lib/navigation';
import { safeNext } from '../../lib/next-path';
import {
  useGuestGoal,
  useSettings,
  useTargetProfile,
  type TargetProfileId,
} from '../../lib/settings';
import { FormAlert, primaryButton, secondaryButton } from '../../ui/form';
import { Page } from '../../ui/Page';
import { fetchProfile, PROFILE_KEY, saveProfileField } from '../activity/profile/api';
import { useSkillsContent } from '../activity/skills/api';

const PROFESSION_ABOUT: Record<Profession, string> = {
  Business: 'Management, sales, finance, operations and consulting',
  Tech: 'Engineering, data, product and IT',
  Creative: 'Design, writing, marketing and media',
};

const LEVEL_ABOUT: Record<Level, string> = {
  Student: 'Studying, or about to start your first job',
  Junior: 'Up to about two years at work',
  'Mid-level': 'Working on your own, a few years in',
  Senior: 'Leading work and guiding others',
  Executive: 'Running a team, a unit or a company',
};

const STEP_COUNT = 4;

interface Option<T extends string | number> {
  value: T;
  label: string;
  about?: string;
}

/** One step: a radio group as large, keyboard-friendly cards (arrow keys move the choice). */
function Choices<T extends string | number>({
  legend,
  hint,
  options,
  value,
  onChange,
  legendRef,
}: {
  legend: string;
  hint: ReactNode;
  options: readonly Option<T>[];
  value: T;
  onChange: (v: T) => void;
  legendRef: React.RefObject<HTMLHeadingElement | null>;
}) {
  const name = useId();
  return (
    <fieldset>
      <legend className="contents">
        <h2 ref={legendRef} tabIndex={-1} className="text-2xl font-semibold outline-none">
          {legend}
        </h2>
      </legend>
      <p className="mt-1 text-slate-600 dark:text-slate-400">{hint}</p>
      <div className="mt-5 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {options.map((o) => (
          <label
            key={o.value}
            className="flex cursor-pointer gap-3 rounded-xl border border-slate-300 p-4 transition-colors hover:border-brand-600 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-700 dark:border-slate-600 dark:hover:border-sky-400 dark:has-[:checked]:border-sky-400 dark:has-[:checked]:bg-sky-950/40"
          >
            <input
              type="radio"
              name={name}
              value={String(o.value)}
              checked={o.value === value}
              onChange={() => onChange(o.value)}
              className="mt-1 size-4 shrink-0 accent-brand-700"
            />
            <span>
              <span className="block font-semibold">{o.label}</span>
              {o.about && (
                <span className="mt-0.5 block text-sm text-slate-600 dark:text-slate-400">
                  {o.about}
                </span>
              )}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

const titleCase = (id: string) => id.charAt(0).toUpperCase() + id.slice(1);

/**
 * Onboarding: profession, level, target role and daily goal, one step at a time. Each
 * Continue saves that step where the rest of the app reads it (this device's settings; for
 * a learner also the profile), so Skip keeps what was chosen so far and leaves the defaults
 * for the rest.
 */
export default function OnboardingPage() {
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'), '/');
  const navigate = useNavigate();
  const { user, ready } = useAuth();
  const settings = useSettings();
  const [guestGoal, setGuestGoal] = useGuestGoal();
  const [target, setTarget] = useTargetProfile(settings.profession);
  const { data: profile } = useSWR(user ? PROFILE_KEY : null, fetchProfile);
  const skills = useSkillsContent();

  const [step, setStep] = useState(0);
  const [profession, setProfession] = useState<Profession>(settings.profession);
  const [level, setLevel] = useState<Level>(settings.level);
  const [role, setRole] = useState<TargetProfileId>(target);
  // Until chosen here: a learner's saved goal (once the profile arrives), a guest's on this device.
  const [goalChoice, setGoal] = useState<DailyGoal | null>(null);
  const savedGoal = profile?.dailyGoal;
  const goal =
    goalChoice ?? (user ? (isDailyGoal(savedGoal) ? savedGoal : DEFAULT_DAILY_GOAL) : guestGoal);
  const [roleTouched, setRoleTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  // Each new step announces itself: focus moves to its heading (not on the first render).
  useEffect(() => {
    if (moved.current) heading.current?.focus();
  }, [step]);

  const roles: Option<TargetProfileId>[] = TARGET_PROFILE_IDS.map((id) => {
    const p = skills.data?.targetProfiles.find((t) => t.id === id);
    return { value: id, label: p?.name ?? titleCase(id), about: p?.description };
  });

  async function save(which: number) {
    if (which === 0) {
      settings.setProfession(profession);
      if (user) await saveProfileField('profession', profession);
    } else if (which === 1) {
      settings.setLevel(level);
      if (user) await saveProfileField('level', level);
    } else if (which === 2) {
      setTarget(role);
    } else if (user) {
      await saveProfileField('dailyGoal', goal);
      await mutate((key) => typeof key === 'string' && key.startsWith('/api/dashboard'));
    } else {
      setGuestGoal(goal);
    }
  }

  const finish = () =>
    navigate(next, {
      replace: true,
      state: {
        notice:
          'Your choices are saved. Change them any time in your profile or the menu’s settings.',
      },
    });

  async function advance() {
    setBusy(true);
    setProblem(null);
    try {
      await save(step);
      if (user) void mutate(PROFILE_KEY);
    } catch (err) {
      setProblem(
        err instanceof ApiError ? err.message : 'Your choice could not be saved. Please try again.',
      );
      setBusy(false);
      return;
    }
    setBusy(false);
    moved.current = true;
    if (step + 1 === STEP_COUNT) finish();
    else setStep(step + 1);
  }

  // Until the learner picks a role, it follows the profession chosen in step one.
  const chooseProfession = (p: Profession) => {
    setProfession(p);
    const match = TARGET_PROFILE_IDS.find((id) => id === p.toLowerCase());
    if (!roleTouched && match) setRole(match);
  };

  const steps = [
    <Choices
      key="profession"
      legend="What is your work?"
      hint="Prompts, insights, activities and word sets for your field come first."
      options={PROFESSIONS.map((p) => ({ value: p, label: p, about: PROFESSION_ABOUT[p] }))}
      value={profession}
      onChange={chooseProfession}
      legendRef={heading}
    />,
    <Choices
      key="level"
      legend="Where are you in your career?"
      hint="Word sets at your level come first."
      options={LEVELS.map((l) => ({ value: l, label: l, about: LEVEL_ABOUT[l] }))}
      value={level}
      onChange={setLevel}
      legendRef={heading}
    />,
    <Choices
      key="role"
      legend="Which role are you aiming for?"
      hint="Your skills profile compares your self-ratings with this role’s targets."
      options={roles}
      value={role}
      onChange={(r) => {
        setRoleTouched(true);
        setRole(r);
      }}
      legendRef={heading}
    />,
    <Choices
      key="goal"
      legend="How much a day?"
      hint="Each correct answer earns 10 points; your streak counts the days you meet your goal."
      options={DAILY_GOAL_OPTIONS.map((g) => ({
        value: g,
        label: `${DAILY_GOAL_NAMES[g].name} · ${goalAnswers(g)}`,
        about: DAILY_GOAL_NAMES[g].about,
      }))}
      value={goal}
      onChange={setGoal}
      legendRef={heading}
    />,
  ];

  return (
    <Page route="welcome" loading={!ready}>
      <form
        className="mt-2 max-w-4xl"
        aria-busy={busy || undefined}
        onSubmit={(e) => {
          e.preventDefault();
          void advance();
        }}
      >
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
          {steps.map((s, i) => (
            <span
              key={s.key}
              className={`h-1.5 flex-1 rounded-full ${i <= step ? 'bg-brand-700 dark:bg-sky-400' : 'bg-slate-200 dark:bg-slate-700'}`}
            />
          ))}
        </div>
        {steps[step]}
        {problem && (
          <div className="mt-4">
            <FormAlert>{problem}</FormAlert>
          </div>
        )}
        <div className="mt-8 flex flex-wrap items-center gap-3">
          {step > 0 && (
            <button
              type="button"
              className={secondaryButton}
              disabled={busy}
              onClick={() => {
                moved.current = true;
                setStep(step - 1);
              }}
            >
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
            onClick={() => navigate(next, { replace: true })}
          >
            Skip for now
          </button>
        </div>
      </form>
    </Page>
  );
}
