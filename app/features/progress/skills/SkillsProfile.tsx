import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'wouter';
import { useLocationProperty } from 'wouter/use-browser-location';
import { RATING_MAX, SKILL_BASELINE } from '../../../../core/constants';
import { links, paths } from '../../../../core/paths';
import {
  gapReport,
  type GapReport,
  type SkillSourceLink,
  type SkillsContent,
  type SkillsState,
} from '../../../../core/progress/skills';
import { useAuth } from '../../../lib/auth';
import { useSettings, useTargetProfile } from '../../../lib/settings';
import { Dropdown } from '../../../ui/Dropdown';
import { EmptyState } from '../../../ui/EmptyState';
import { FormAlert, secondaryButton } from '../../../ui/form';
import { Rating } from '../../../ui/Rating';
import { Skeleton } from '../../../ui/Skeleton';
import { evidenceLines } from './evidence';
import { RadarChart } from './RadarChart';
import { saveSkillScore, useSkillScores, useSkillsContent } from '../../../data/skills';

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
 * The skills profile (/activity/skills): self-ratings for the 30 skills, a radar per group
 * beside its ratings against a chosen target profile, the biggest gaps with content that
 * builds them (once something is rated), and what our content measured beside each
 * self-rating. Guests get an invitation to log in.
 */
export function SkillsProfile() {
  const { user, ready } = useAuth();
  if (user) return <SignedInProfile />;
  if (!ready) return <Skeleton lines={3} />;
  return (
    <div className="grid gap-8">
      <EmptyState title="See your skills against the role you want">
        <p>
          Rate yourself on 30 career skills, compare your shape with a target profile such as Tech,
          Creative or Business, and get prompts, insights and activities for your biggest gaps.
        </p>
        <p className="mt-3">
          <Link to={links.signUp(paths.skillsProfile())} className={`${linkClass} underline`}>
            Create a free account
          </Link>{' '}
          to rate yourself and keep your ratings.
        </p>
      </EmptyState>
      <SkillGroupsPreview />
    </div>
  );
}

/** For guests: the five groups and the skills in each, so they see what they would rate. */
function SkillGroupsPreview() {
  const { data } = useSkillsContent();
  if (!data) return null;
  return (
    <section aria-labelledby="skills-preview-heading">
      <h2 id="skills-preview-heading" className="text-2xl font-bold">
        The {data.skills.length} skills
      </h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {data.groups.map((g) => (
          <li key={g.id} className="rounded-xl border border-slate-200 p-4 dark:border-slate-700">
            <p className="text-sm font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">
              {g.title}
            </p>
            <h3 className="mt-1 text-lg leading-snug font-semibold">{g.question}</h3>
            <p className="mt-2 text-slate-700 dark:text-slate-300">
              {data.skills
                .filter((s) => s.group === g.id)
                .map((s) => s.name)
                .join(' · ')}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

function SignedInProfile() {
  const content = useSkillsContent();
  const state = useSkillScores();
  if (content.error?.status === 404)
    return (
      <EmptyState title="No skills yet">
        The skills profile appears as soon as its skills are published.
      </EmptyState>
    );
  const error = (!content.data && content.error) || (!state.data && state.error);
  if (error)
    return (
      <div className="space-y-3">
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
      <div aria-busy="true">
        <Skeleton lines={6} />
      </div>
    );
  return <Profile content={content.data} state={state.data} />;
}

function Profile({ content, state }: { content: SkillsContent; state: SkillsState }) {
  const { profession } = useSettings();
  // The target profile (the account's, like the other settings), chosen in onboarding.
  const [profileId, setProfileId] = useTargetProfile(profession);
  const [failure, setFailure] = useState<{ skillId: string; text: string } | null>(null);
  const [params] = useSearchParams();
  const hash = useLocationProperty(() => window.location.hash);
  useScrollToHash(hash, params.get('group'));
  const profile =
    content.targetProfiles.find((p) => p.id === profileId) ?? content.targetProfiles[0];
  if (!profile) return null;

  const score = (id: string) => state.scores[id] ?? SKILL_BASELINE;
  const target = (id: string) => profile.targets[id] ?? SKILL_BASELINE;
  const rated = new Set(state.rated);
  const byId = new Map(content.skills.map((s) => [s.id, s]));
  const report = gapReport(
    state,
    profile,
    GAP_COUNT,
    content.skills.map((s) => s.id),
  );

  // One group at a time (?group=); an older link to one skill (#skill-{id}) opens its group.
  const hashSkill = hash.startsWith('#skill-') ? byId.get(hash.slice('#skill-'.length)) : undefined;
  const group =
    content.groups.find((g) => g.id === params.get('group')) ??
    content.groups.find((g) => g.id === hashSkill?.group) ??
    content.groups[0];
  if (!group) return null;
  const groupSkills = content.skills.filter((s) => s.group === group.id);
  const next = content.groups[content.groups.indexOf(group) + 1];
  const ratedIn = (groupId: string) => {
    const skills = content.skills.filter((s) => s.group === groupId);
    return { rated: skills.filter((s) => rated.has(s.id)).length, of: skills.length };
  };

  const rate = (skill: Skill, next: number) => {
    if (next === score(skill.id) && rated.has(skill.id)) return;
    setFailure(null);
    saveSkillScore(skill.id, next).catch((err: Error) =>
      setFailure({ skillId: skill.id, text: `${skill.name}: ${err.message}` }),
    );
  };

  return (
    <div className="grid gap-10">
      <div className="grid gap-8 lg:grid-cols-2 lg:items-start">
        <div className="grid gap-3">
          <div className="max-w-xs">
            <Dropdown
              label="Target profile"
              options={content.targetProfiles.map((p) => p.name)}
              value={profile.name}
              onChange={(name) => {
                const next = content.targetProfiles.find((p) => p.name === name);
                if (next) void setProfileId(next.id);
              }}
            />
          </div>
          <p className="text-slate-700 dark:text-slate-300">{profile.description}</p>
          <details className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
            <summary className="min-h-6 cursor-pointer font-semibold">Why these targets</summary>
            <p className="mt-2 text-slate-700 dark:text-slate-300">{profile.reasoning}</p>
          </details>
          <details className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
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
        <Gaps report={report} profileName={profile.name} byId={byId} />
      </div>

      <section id="rate-skills" aria-labelledby="skills-radar-heading" className="scroll-mt-20">
        <h2 id="skills-radar-heading" className="text-2xl font-bold">
          You and the {profile.name} targets
        </h2>
        <p className="mt-1 text-slate-600 dark:text-slate-400">
          Rate each skill from 1 to {RATING_MAX}; every skill starts at {SKILL_BASELINE} and each
          rating saves as you choose it. Each group’s chart shows your ratings against the targets
          and moves as you rate.
        </p>
        <GroupLinks groups={content.groups} current={group.id} ratedIn={ratedIn} />
        <section
          key={group.id}
          aria-labelledby={`skills-group-${group.id}`}
          data-testid="skill-group"
          className="mt-6"
        >
          <p className="text-sm font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">
            {group.title}
          </p>
          <h3 id={`skills-group-${group.id}`} className="text-xl font-bold">
            {group.question}
          </h3>
          <div className="mt-3 grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:items-start">
            <div className="lg:sticky lg:top-20">
              <RadarChart
                title={group.title}
                targetName={profile.name}
                testId={`radar-${group.id}`}
                axes={groupSkills.map((s) => ({
                  id: s.id,
                  label: s.name,
                  score: score(s.id),
                  target: target(s.id),
                }))}
              />
            </div>
            <ul className="grid gap-4">
              {groupSkills.map((skill) => (
                <SkillCard
                  key={skill.id}
                  skill={skill}
                  score={score(skill.id)}
                  rated={rated.has(skill.id)}
                  target={target(skill.id)}
                  evidence={evidenceLines(state.evidence[skill.id])}
                  failure={failure?.skillId === skill.id ? failure.text : null}
                  onRate={(n) => rate(skill, n)}
                />
              ))}
            </ul>
          </div>
          {next && (
            <p className="mt-6 text-right">
              <Link to={groupHref(next.id)} className={`${linkClass} text-lg`}>
                Next: {next.title} <span aria-hidden="true">→</span>
              </Link>
            </p>
          )}
        </section>
      </section>
    </div>
  );
}

/** The address of one group's ratings; the hash keeps the view on the ratings. */
const groupHref = (groupId: string) =>
  `${paths.skillsProfile()}?group=${encodeURIComponent(groupId)}#rate-skills`;

function GroupLinks({
  groups,
  current,
  ratedIn,
}: {
  groups: SkillsContent['groups'];
  current: string;
  ratedIn: (groupId: string) => { rated: number; of: number };
}) {
  return (
    <nav aria-label="Skill groups" className="mt-4">
      <ul className="flex flex-wrap gap-2">
        {groups.map((g) => {
          const { rated, of } = ratedIn(g.id);
          const here = g.id === current;
          return (
            <li key={g.id}>
              <Link
                to={groupHref(g.id)}
                aria-current={here ? 'page' : undefined}
                className={`flex min-h-11 items-center gap-2 rounded-full border px-4 ${
                  here
                    ? 'border-2 border-brand-700 bg-brand-50 font-semibold text-brand-800 dark:border-sky-400 dark:bg-slate-800 dark:text-white'
                    : 'border-slate-300 text-slate-700 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-300 dark:hover:bg-slate-800'
                }`}
              >
                {g.title}
                <span className="text-sm font-normal text-slate-600 tabular-nums dark:text-slate-400">
                  {rated}/{of}
                  <span className="sr-only"> rated</span>
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/**
 * A link into the page (#rate-skills, #skill-{id}) opens there: on arrival, when the group
 * changes and when the hash does, since the app's navigation does not scroll to anchors.
 */
function useScrollToHash(hash: string, group: string | null) {
  useEffect(() => {
    if (!hash) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash, group]);
}

function Gaps({
  report,
  profileName,
  byId,
}: {
  report: GapReport;
  profileName: string;
  byId: Map<string, Skill>;
}) {
  const heading =
    report.kind === 'unrated' || report.gaps.length === 0
      ? 'Your biggest gaps'
      : report.gaps.length === 1
        ? 'Your biggest gap'
        : `Your ${COUNT_WORDS[report.gaps.length] ?? report.gaps.length} biggest gaps`;
  return (
    <section
      aria-labelledby="skills-gaps-heading"
      data-testid="skill-gaps"
      className="rounded-xl border border-slate-200 p-4 dark:border-slate-700"
    >
      <h2 id="skills-gaps-heading" className="text-xl font-bold">
        {heading}
      </h2>
      {report.kind === 'unrated' ? (
        <div data-testid="gaps-unrated" className="mt-2 text-slate-700 dark:text-slate-300">
          <p>
            Nothing rated yet. Rate yourself on the skills below and the skills furthest from the{' '}
            {profileName} targets appear here, each with prompts, insights and activities that build
            it.
          </p>
          <p className="mt-3">
            <a href="#rate-skills" className={`${linkClass} underline`}>
              Start rating
            </a>
          </p>
        </div>
      ) : report.gaps.length === 0 ? (
        <p className="mt-2 text-slate-700 dark:text-slate-300">
          <span aria-hidden="true">✓ </span>You meet every {profileName} target. Choose another
          profile, or raise the bar on the skills you care about most.
        </p>
      ) : (
        <>
          {report.unrated > 0 && (
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              {report.unrated} {report.unrated === 1 ? 'skill you have' : 'skills you have'} not
              rated {report.unrated === 1 ? 'counts' : 'count'} at {SKILL_BASELINE}.
            </p>
          )}
          <ol className="mt-3 grid gap-3">
            {report.gaps.map((gap) => {
              const skill = byId.get(gap.skillId);
              if (!skill) return null;
              return (
                <li
                  key={gap.skillId}
                  className="border-t border-slate-200 pt-3 first:border-t-0 first:pt-0 dark:border-slate-700"
                >
                  <p className="flex flex-wrap items-baseline justify-between gap-2">
                    <Link
                      to={`${paths.skillsProfile()}?group=${encodeURIComponent(skill.group)}#skill-${skill.id}`}
                      className={`${linkClass} text-lg`}
                      data-testid="gap-skill"
                    >
                      {skill.name}
                    </Link>
                    <span className="text-slate-700 dark:text-slate-300">
                      <span className="sr-only">
                        You are at {gap.score}, the target is {gap.target}
                      </span>
                      <span aria-hidden="true" className="font-semibold tabular-nums">
                        {gap.score} → {gap.target}
                      </span>
                    </span>
                  </p>
                  <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Build it with:</p>
                  <SourceLinks sources={firstSources(skill.builtBy)} />
                </li>
              );
            })}
          </ol>
        </>
      )}
    </section>
  );
}

/** Three ways to build a skill, short titles first (interview questions are whole sentences). */
const firstSources = (sources: SkillSourceLink[]) =>
  [...sources]
    .sort((a, b) => Number(a.section === 'interviews') - Number(b.section === 'interviews'))
    .slice(0, 3);

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
  rated,
  target,
  evidence,
  failure,
  onRate,
}: {
  skill: Skill;
  score: number;
  rated: boolean;
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
        {!rated && (
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            Not rated yet: counts at {SKILL_BASELINE}.
          </p>
        )}
      </div>
      {failure && (
        <div className="mt-2">
          <FormAlert>{failure}</FormAlert>
        </div>
      )}
      <details className="mt-3 text-sm">
        <summary className="min-h-6 cursor-pointer font-semibold">
          What levels 1, 3 and 5 mean
        </summary>
        <dl className="mt-2 grid gap-2 text-slate-600 sm:grid-cols-3 dark:text-slate-400">
          {([1, 3, 5] as const).map((level) => (
            <div key={level}>
              <dt className="font-semibold text-slate-700 dark:text-slate-300">Level {level}</dt>
              <dd>{skill.levels[level]}</dd>
            </div>
          ))}
        </dl>
      </details>
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
