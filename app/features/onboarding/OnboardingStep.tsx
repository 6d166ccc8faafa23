import { LEVELS, PROFESSIONS, type Level, type Profession } from '../../../core/constants';
import { DAILY_GOAL_NAMES, DAILY_GOAL_OPTIONS, goalAnswers } from '../../../core/progress/goal';
import { Choices } from './Choices';
import type { Onboarding } from './use-onboarding';

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

/** The question on the current step, as a set of choice cards. */
export function OnboardingStep({ flow }: { flow: Onboarding }) {
  const { heading } = flow;
  const steps = [
    <Choices
      key="profession"
      legend="What is your work?"
      hint="Prompts, insights, activities and word sets for your field come first."
      options={PROFESSIONS.map((p) => ({ value: p, label: p, about: PROFESSION_ABOUT[p] }))}
      value={flow.profession}
      onChange={flow.chooseProfession}
      legendRef={heading}
    />,
    <Choices
      key="level"
      legend="Where are you in your career?"
      hint="Word sets at your level come first."
      options={LEVELS.map((l) => ({ value: l, label: l, about: LEVEL_ABOUT[l] }))}
      value={flow.level}
      onChange={flow.setLevel}
      legendRef={heading}
    />,
    <Choices
      key="role"
      legend="Which role are you aiming for?"
      hint="Your skills profile compares your self-ratings with this role’s targets."
      options={flow.roles}
      value={flow.role}
      onChange={flow.chooseRole}
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
      value={flow.goal}
      onChange={flow.setGoal}
      legendRef={heading}
    />,
  ];
  return steps[flow.step];
}
