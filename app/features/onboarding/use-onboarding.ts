import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'wouter';
import useSWR, { mutate } from 'swr';
import type { Level, Profession } from '../../../core/constants';
import { TARGET_PROFILE_IDS } from '../../../core/content/skill-ids';
import { DEFAULT_DAILY_GOAL, isDailyGoal, type DailyGoal } from '../../../core/progress/goal';
import { ApiError } from '../../lib/http-client';
import { useAuth } from '../../lib/auth';
import { useNavigate } from '../../lib/navigation';
import { safeNext } from '../../lib/next-path';
import {
  useGuestGoal,
  useSettings,
  useTargetProfile,
  type TargetProfileId,
} from '../../lib/settings';
import { fetchProfile, PROFILE_KEY, saveProfileField } from '../../data/profile';
import { useSkillsContent } from '../../data/skills';
import type { Option } from './Choices';

/** The steps in order (OnboardingStep asks each); the progress bar has one mark per step. */
export const STEP_KEYS = ['profession', 'level', 'role', 'goal'] as const;
export const STEP_COUNT = STEP_KEYS.length;

const titleCase = (id: string) => id.charAt(0).toUpperCase() + id.slice(1);

/**
 * Onboarding's steps as a small state machine: the step, the choice on each (starting from
 * this device's settings, a learner's saved goal or a guest's), Continue saving that step's
 * choice (settings; for a learner also the profile), Back, Skip and Finish, and focus on
 * each new step's heading.
 */
export function useOnboarding() {
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

  const back = () => {
    moved.current = true;
    setStep(step - 1);
  };
  const chooseRole = (r: TargetProfileId) => {
    setRoleTouched(true);
    setRole(r);
  };
  const skip = () => navigate(next, { replace: true });

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
    busy,
    problem,
    heading,
    advance,
    back,
    skip,
  };
}

export type Onboarding = ReturnType<typeof useOnboarding>;
