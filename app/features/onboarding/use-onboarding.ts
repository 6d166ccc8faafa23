import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'wouter';
import { mutate } from 'swr';
import type { Level, Profession } from '../../../core/constants';
import { TARGET_PROFILE_IDS } from '../../../core/content/skill-ids';
import type { DailyGoal } from '../../../core/progress/goal';
import { useAuth } from '../../lib/auth';
import { useNavigate } from '../../lib/navigation';
import { safeNext } from '../../lib/next-path';
import {
  useDailyGoal,
  useSettings,
  useTargetProfile,
  type TargetProfileId,
} from '../../lib/settings';
import { DEFAULT_REMINDER_TIME } from '../../../core/reminders/kinds';
import { PROFILE_KEY } from '../../data/profile';
import { patchReminders } from '../../data/reminders';
import { browserZone } from '../../lib/time-zone';
import { useSkillsContent } from '../../data/skills';
import type { Option } from './Choices';

/** The steps in order (OnboardingStep asks each); the progress bar has one mark per step. */
export const STEP_KEYS = ['profession', 'level', 'role', 'goal'] as const;
export const STEP_COUNT = STEP_KEYS.length;

const titleCase = (id: string) => id.charAt(0).toUpperCase() + id.slice(1);

/**
 * Onboarding's steps as a small state machine: the step, the choice on each (starting from
 * the learner's settings: the account's when signed in, this device's for a guest),
 * Continue saving that step's choice to those settings, Back, Skip and Finish, and focus on
 * each new step's heading.
 */
export function useOnboarding() {
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'), '/');
  const navigate = useNavigate();
  const { user, ready } = useAuth();
  const settings = useSettings();
  const [savedGoal, saveGoal] = useDailyGoal();
  const [target, setTarget] = useTargetProfile(settings.profession);
  const skills = useSkillsContent();

  const [step, setStep] = useState(0);
  // Each choice made here, null until made: until then the step shows the saved setting
  // (the account's arrives with the session, after the first render).
  const [professionChoice, chooseProfession] = useState<Profession | null>(null);
  const [levelChoice, setLevel] = useState<Level | null>(null);
  const [roleChoice, chooseRole] = useState<TargetProfileId | null>(null);
  const [goalChoice, setGoal] = useState<DailyGoal | null>(null);
  const profession = professionChoice ?? settings.profession;
  const level = levelChoice ?? settings.level;
  // Until the learner picks a role, it follows the profession chosen in step one.
  const followed = TARGET_PROFILE_IDS.find((id) => id === professionChoice?.toLowerCase());
  const role = roleChoice ?? followed ?? target;
  const goal = goalChoice ?? savedGoal;
  // The last step offers a learner the daily reminder by email; off until they tick it.
  const [remind, setRemind] = useState(false);
  const [remindAt, setRemindAt] = useState(DEFAULT_REMINDER_TIME);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  /** Why the last save failed, when there is more to say than "try again". */
  const refused = useRef<string | null>(null);

  // Each new step announces itself: focus moves to its heading (not on the first render).
  useEffect(() => {
    if (moved.current) heading.current?.focus();
  }, [step]);

  const roles: Option<TargetProfileId>[] = TARGET_PROFILE_IDS.map((id) => {
    const p = skills.data?.targetProfiles.find((t) => t.id === id);
    return { value: id, label: p?.name ?? titleCase(id), about: p?.description };
  });

  /** Saves one step's choice; false when the account refused it (or could not be reached). */
  async function save(which: number): Promise<boolean> {
    if (which === 0) return settings.setProfession(profession);
    if (which === 1) return settings.setLevel(level);
    if (which === 2) return setTarget(role);
    const saved = await saveGoal(goal);
    if (saved && user)
      await mutate((key) => typeof key === 'string' && key.startsWith('/api/dashboard'));
    if (!saved || !user || !remind) return saved;
    if (!remindAt) {
      refused.current = 'Choose a time for your daily reminder, or untick it.';
      return false;
    }
    try {
      await patchReminders({
        timeZone: browserZone(),
        dailyAt: remindAt,
        kinds: { daily: { email: true } },
      });
      return true;
    } catch (err) {
      const reason = err instanceof Error ? `: ${err.message.replace(/[.!?]?$/, '.')}` : '.';
      refused.current = `Your daily reminder could not be saved${reason} Untick it to finish without one.`;
      return false;
    }
  }

  // Onboarding gives way to the page it interrupted (a replace), which opens at its top.
  const finish = () => {
    navigate(next, {
      replace: true,
      state: {
        notice:
          'Your choices are saved. Change them any time in your profile or the menu’s settings.',
      },
    });
    window.scrollTo(0, 0);
  };

  async function advance() {
    setBusy(true);
    setProblem(null);
    refused.current = null;
    if (!(await save(step))) {
      setProblem(refused.current ?? 'Your choice could not be saved. Please try again.');
      setBusy(false);
      return;
    }
    if (user) void mutate(PROFILE_KEY);
    setBusy(false);
    moved.current = true;
    if (step + 1 === STEP_COUNT) finish();
    else {
      setStep(step + 1);
      window.scrollTo(0, 0); // each step opens at its top, its progress in view
    }
  }

  const back = () => {
    moved.current = true;
    setStep(step - 1);
  };
  const skip = () => {
    navigate(next, { replace: true });
    window.scrollTo(0, 0);
  };

  return {
    ready,
    step,
    profession,
    chooseProfession,
    level,
    setLevel,
    role,
    roles,
    chooseRole,
    goal,
    setGoal,
    /** Only a learner is offered reminders: they need an account. */
    offerReminder: user !== null,
    /** Reminder mails wait until the address is confirmed; the offer says so. */
    addressConfirmed: user?.emailVerified ?? false,
    remind,
    setRemind,
    remindAt,
    setRemindAt,
    busy,
    problem,
    heading,
    advance,
    back,
    skip,
  };
}

export type Onboarding = ReturnType<typeof useOnboarding>;
