import { useId, useState } from 'react';
import { Link } from 'wouter';
import { RATING_MAX, SKILL_BASELINE } from '../../../../core/constants';
import { paths } from '../../../../core/paths';
import {
  gaps,
  type SkillSourceLink,
  type SkillsContent,
  type SkillsState,
} from '../../../../core/skills';
import { useAuth } from '../../../lib/auth';
import { useSettings, useTargetProfile } from '../../../lib/settings';
import { Dropdown } from '../../../ui/Dropdown';
import { EmptyState } from '../../../ui/EmptyState';
import { FormAlert, secondaryButton } from '../../../ui/form';
import { Rating } from '../../../ui/Rating';
import { Skeleton } from '../../../ui/Skeleton';
import { evidenceLines } from './evidence';
import { RadarChart } from './RadarChart';
import { saveSkillScore, useSkillScores, useSkillsContent } from './api';

type Skill = SkillsContent['skills'][number];

const GAP_COUNT = 5;
const COUNT_WORDS = ['no', 'one', 'two', 'three', 'four', 'five'];

const linkClass =
  'font-semibold text-brand-700 underline-offset-2 hover:underline dark:text-sky-400';

const SECTION_LABEL: Record<SkillSourceLink['section'], string> = {
  prompts: 'Prompt',
  insights: 'Insight',
  activities: 'Activity',
  interviews: 'Interview question',
  grammar: 'Grammar',
  vocabulary: 'Words',
};

/**
 * The skills profile on /activity: self-ratings for the 30 skills, a radar per group against
 * a chosen target profile, the biggest gaps with content that builds them, and what our
 * content measured beside each self-rating. Guests get an invitation to log in.
 */
export function SkillsProfile() {
  const { user, ready } = useAuth();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="text-2xl font-bold">
        Your skills profile
      </h2>
      {user ? (
        <SignedInProfile />
      ) : ready ? (
        <div className="mt-4">
          <EmptyState title="See your skills against the role you want">
            <p>
              Rate yourself on 30 career skills, compare your shape with a target profile such as
              Tech, Creative or Business, and get prompts, insights and activities for your biggest
              gaps.
            </p>
            <p className="mt-3">
              <Link to={paths.login()} className={`${linkClass} underline`}>
                Log in
              </Link>{' '}
              to keep your ratings.
            </p>
          </EmptyState>
        </div>
      ) : (
        <div className="mt-4">
          <Skeleton lines={3} />
        </div>
      )}
    </section>
  );
}

function SignedInProfile() {
  const content = useSkillsContent();
  const state = useSkillScores();
  if (content.error?.status === 404)
    return (
      <div className="mt-4">
        <EmptyState title="No skills on this server yet">
          The skills profile appears as soon as skills are added to the server’s content folder.
        </EmptyState>
      </div>
    );
  const error = (!content.data && content.error) || (!state.data && state.error);
  if (error)
    return (
      <div className="mt-4 space-y-3">
        <FormAlert>Your skills profile could not be loaded. {error.message}</FormAlert>
        <button
          type="button"
          className={secondaryButton}
          onClick={() => {
            void content.mutate();
            void state.mutate();
          }}
        >
          Try again
        </button>
      </div>
    );
  if (!content.data || !state.data)
    return (
      <div className="mt-4" aria-busy="true">
        <Skeleton lines={6} />
      </div>
    );
  return <Profile content={content.data} state={state.data} />;
}

function Profile({ content, state }: { content: SkillsContent; state: SkillsState }) {
  const { profession } = useSettings();
  // The target profile (this device only, like the other settings), chosen in onboarding.
  const [profileId, setProfileId] = useTargetProfile(profession);
  const [failure, setFailure] = useState<{ skillId: string; text: string } | null>(null);
  const profile =
    content.targetProfiles.find((p) => p.id === profileId) ?? content.targetProfiles[0];
  if (!profile) return null;

  const score = (id: string) => state.scores[id] ?? SKILL_BASELINE;
  const target = (id: string) => profile.targets[id] ?? SKILL_BASELINE;
  const byId = new Map(content.skills.map((s) => [s.id, s]));
  const biggest = gaps(
    state.scores,
    profile,
    GAP_COUNT,
    content.skills.map((s) => s.id),
  );

  const rate = (skill: Skill, next: number) => {
    if (next === score(skill.id)) return;
    setFailure(null);
    saveSkillScore(skill.id, next).catch((err: Error) =>
      setFailure({ skillId: skill.id, text: `${skill.name}: ${err.message}` }),
    );
  };

  return (
    <div className="mt-4 grid gap-8">
      <p className="max-w-2xl text-slate-600 dark:text-slate-400">
        Rate yourself from 1 to {RATING_MAX} on each skill; every skill starts at {SKILL_BASELINE}{' '}
        and each rating saves as you choose it. Compare your shape with a target profile, then work
        on the biggest gaps.
      </p>

      <div className="grid gap-3">
        <div className="max-w-xs">
          <Dropdown
            label="Target profile"
            options={content.targetProfiles.map((p) => p.name)}
            value={profile.name}
            onChange={(name) => {
              const next = content.targetProfiles.find((p) => p.name === name);
              if (next) setProfileId(next.id);
            }}
          />
        </div>
        <p className="max-w-2xl text-slate-700 dark:text-slate-300">{profile.description}</p>
        <details className="max-w-2xl rounded-lg border border-slate-200 p-3 dark:border-slate-700">
          <summary className="min-h-6 cursor-pointer font-semibold">Why these targets</summary>
          <p className="mt-2 text-slate-700 dark:text-slate-300">{profile.reasoning}</p>
        </details>
        <details className="max-w-2xl rounded-lg border border-slate-200 p-3 dark:border-slate-700">
          <summary className="min-h-6 cursor-pointer font-semibold">Career categories</summary>
          <dl className="mt-2 grid gap-2">
            {content.careerCategories.map((c) => (
              <div key={c.id}>
                <dt className="font-semibold">{c.name}</dt>
                <dd className="text-slate-700 dark:text-slate-300">{c.description}</dd>
              </div>
            ))}
          </dl>
        </details>
      </div>

      <section aria-labelledby="skills-radar-heading">
        <h3 id="skills-radar-heading" className="text-xl font-bold">
          You and the {profile.name} targets
        </h3>
        <div className="mt-3 grid gap-4 md:grid-cols-2">
          {content.groups.map((group) => (
            <RadarChart
              key={group.id}
              title={group.title}
              targetName={profile.name}
              testId={`radar-${group.id}`}
              axes={content.skills
                .filter((s) => s.group === group.id)
                .map((s) => ({
                  id: s.id,
                  label: s.name,
                  score: score(s.id),
                  target: target(s.id),
                }))}
            />
          ))}
        </div>
      </section>

      <section aria-labelledby="skills-gaps-heading" data-testid="skill-gaps">
        <h3 id="skills-gaps-heading" className="text-xl font-bold">
          Your{' '}
          {biggest.length === 1
            ? 'biggest gap'
            : `${COUNT_WORDS[biggest.length] ?? biggest.length} biggest gaps`}
        </h3>
        {biggest.length === 0 ? (
          <p className="mt-2 text-slate-700 dark:text-slate-300">
            <span aria-hidden="true">✓ </span>You meet every {profile.name} target. Choose another
            profile, or raise the bar on the skills you care about most.
          </p>
        ) : (
          <ol className="mt-3 grid gap-3 md:grid-cols-2">
            {biggest.map((gap) => {
              const skill = byId.get(gap.skillId);
              if (!skill) return null;
              return (
                <li
                  key={gap.skillId}
                  className="rounded-xl border border-slate-200 p-4 dark:border-slate-700"
                >
                  <p className="flex flex-wrap items-baseline justify-between gap-2">
                    <a
                      href={`#skill-${skill.id}`}
                      className={`${linkClass} text-lg`}
                      data-testid="gap-skill"
                    >
                      {skill.name}
                    </a>
                    <span className="text-slate-700 dark:text-slate-300">
                      <span className="sr-only">
                        You are at {gap.score}, the target is {gap.target}
                      </span>
                      <span aria-hidden="true" className="font-semibold tabular-nums">
                        {gap.score} → {gap.target}
                      </span>
                    </span>
                  </p>
                  <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">Build it with:</p>
                  <SourceLinks sources={skill.builtBy} />
                </li>
              );
            })}
          </ol>
        )}
      </section>

      {content.groups.map((group) => (
        <section key={group.id} aria-labelledby={`skills-group-${group.id}`}>
          <p className="text-sm font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">
            {group.title}
          </p>
          <h3 id={`skills-group-${group.id}`} className="text-xl font-bold">
            {group.question}
          </h3>
          <ul className="mt-3 grid gap-4 lg:grid-cols-2">
            {content.skills
              .filter((s) => s.group === group.id)
              .map((skill) => (
                <SkillCard
                  key={skill.id}
                  skill={skill}
                  score={score(skill.id)}
                  target={target(skill.id)}
                  evidence={evidenceLines(state.evidence[skill.id])}
                  failure={failure?.skillId === skill.id ? failure.text : null}
                  onRate={(n) => rate(skill, n)}
                />
              ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function SourceLinks({ sources }: { sources: SkillSourceLink[] }) {
  return (
    <ul className="mt-1 grid gap-1 text-sm">
      {sources.map((s) => (
        // Interview questions make long titles: two lines are enough to recognize one.
        <li key={`${s.section}/${s.id}`} className="line-clamp-2">
          <span className="text-slate-500 dark:text-slate-400">{SECTION_LABEL[s.section]}: </span>
          <Link to={s.href} className={linkClass}>
            {s.title}
          </Link>
        </li>
      ))}
    </ul>
  );
}

function SkillCard({
  skill,
  score,
  target,
  evidence,
  failure,
  onRate,
}: {
  skill: Skill;
  score: number;
  target: number;
  evidence: string[];
  failure: string | null;
  onRate: (next: number) => void;
}) {
  const met = score >= target;
  // A first step with a short name: interview questions are whole sentences.
  const first = skill.builtBy.find((s) => s.section !== 'interviews') ?? skill.builtBy[0];
  return (
    <li
      id={`skill-${skill.id}`}
      data-testid={`skill-${skill.id}`}
      className="scroll-mt-20 rounded-xl border border-slate-200 p-4 dark:border-slate-700"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h4 className="text-lg font-semibold">{skill.name}</h4>
        <span
          className={`rounded-full border px-2.5 py-0.5 text-sm font-medium ${
            met
              ? 'border-emerald-600 text-emerald-800 dark:border-emerald-400 dark:text-emerald-300'
              : 'border-amber-600 text-amber-800 dark:border-amber-400 dark:text-amber-300'
          }`}
        >
          {met && <span aria-hidden="true">✓ </span>}Target {target}
          {met && <span className="sr-only"> (met)</span>}
        </span>
      </div>
      <p className="mt-1 text-slate-700 dark:text-slate-300">{skill.description}</p>
      <div className="mt-3">
        <Rating label={`Your level in ${skill.name}`} value={score} onChange={onRate} />
      </div>
      {failure && (
        <div className="mt-2">
          <FormAlert>{failure}</FormAlert>
        </div>
      )}
      <dl className="mt-3 grid gap-2 text-sm text-slate-600 sm:grid-cols-3 dark:text-slate-400">
        {([1, 3, 5] as const).map((level) => (
          <div key={level}>
            <dt className="font-semibold text-slate-700 dark:text-slate-300">Level {level}</dt>
            <dd>{skill.levels[level]}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-3 text-sm">
        <p className="font-semibold">Measured here</p>
        {evidence.length > 0 ? (
          <ul className="mt-1 list-inside list-disc text-slate-700 dark:text-slate-300">
            {evidence.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        ) : (
          <p className="mt-1 text-slate-600 dark:text-slate-400">
            Nothing yet.{' '}
            {first && (
              <>
                Start with{' '}
                <Link to={first.href} className={linkClass}>
                  {first.title}
                </Link>
                .
              </>
            )}
          </p>
        )}
      </div>
    </li>
  );
}
