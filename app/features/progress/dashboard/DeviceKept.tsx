import { Link } from 'wouter';
import { links, paths } from '../../../../core/paths';
import type { GuestWork } from '../../../lib/offline-store';
import { useGuestWork } from '../../../lib/sync';
import { primaryButton, secondaryButton } from '../../../ui/form';

const KINDS: { key: keyof GuestWork; one: string; many: string }[] = [
  { key: 'points', one: 'point', many: 'points' },
  { key: 'answers', one: 'question answered', many: 'questions answered' },
  { key: 'quizzes', one: 'quiz finished', many: 'quizzes finished' },
  { key: 'drafts', one: 'draft', many: 'drafts' },
  { key: 'doodles', one: 'doodle', many: 'doodles' },
  { key: 'planned', one: 'item planned', many: 'items planned' },
  { key: 'completed', one: 'item completed', many: 'items completed' },
  { key: 'saved', one: 'item saved', many: 'items saved' },
  { key: 'liked', one: 'item liked', many: 'items liked' },
];

const signUp = links.signUp(paths.progress());
const logIn = links.login(paths.progress());

/**
 * A guest's /activity: their work kept in this browser (app/lib/sync.ts), counted by kind,
 * what the page shows once they log in, and the way to keep it everywhere: it joins the
 * account the moment they sign up or log in.
 */
export function DeviceKept() {
  const work = useGuestWork();
  const shown = KINDS.filter((k) => work[k.key] > 0);
  return (
    <section
      aria-labelledby="device-kept-heading"
      className="rounded-2xl border border-brand-100 bg-brand-50 p-5 sm:p-6 dark:border-slate-700 dark:bg-slate-800/60"
      data-testid="device-kept"
    >
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase dark:text-sky-400">
        You are practicing as a guest
      </p>
      <h2 id="device-kept-heading" className="mt-1 text-2xl font-bold">
        Kept on this device
      </h2>
      {shown.length > 0 ? (
        <>
          <p className="mt-2 max-w-2xl text-slate-700 dark:text-slate-200">
            This browser keeps what you have done so far. Create a free account to keep it on every
            device: it joins your account as soon as you sign up.
          </p>
          <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
            {shown.map((k) => (
              <li
                key={k.key}
                className="rounded-xl bg-white p-3 shadow-sm dark:bg-slate-900"
                data-testid={`kept-${k.key}`}
              >
                <span className="block text-2xl font-bold tabular-nums">{work[k.key]}</span>
                <span className="text-sm text-slate-600 dark:text-slate-300">
                  {work[k.key] === 1 ? k.one : k.many}
                </span>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="mt-2 max-w-2xl text-slate-700 dark:text-slate-200">
          Nothing yet. Answers, quiz points, drafts, doodles and the items you plan are kept in this
          browser while you practice, and join your account when you create one.
        </p>
      )}
      <h3 className="mt-6 font-semibold">Once you log in, this page shows</h3>
      <ul className="mt-2 max-w-2xl list-disc space-y-1 pl-5 text-slate-700 dark:text-slate-200">
        <li>your points, by skill and topic and week by week;</li>
        <li>your daily goal, and how many days in a row you met it;</li>
        <li>grammar topic scores, deep-dive progress and the topics to practice next;</li>
        <li>your planned, completed and saved words, prompts, insights and more;</li>
        <li>a calendar of the days you practiced, and your streak.</li>
      </ul>
      <div className="mt-5 flex flex-wrap gap-3">
        <Link to={signUp} className={primaryButton}>
          Create a free account
        </Link>
        <Link to={logIn} className={secondaryButton}>
          Log in
        </Link>
      </div>
    </section>
  );
}
