/** What an account adds, beside the form where the screen is wide enough. */
const BENEFITS = [
  'Your points, streaks and daily goal',
  'Grammar scores, and the topics to practice next',
  'Planned, saved and completed words, prompts and insights',
  'Your drafts, decisions and interview recordings',
  'All of it on every device you log in on',
];

export function AccountBenefits() {
  return (
    <aside
      aria-labelledby="account-benefits"
      className="hidden rounded-2xl border border-slate-200 bg-slate-50 p-8 lg:block dark:border-slate-700 dark:bg-slate-800/60"
    >
      <h2 id="account-benefits" className="text-xl font-semibold">
        What your account keeps
      </h2>
      <ul className="mt-4 space-y-3">
        {BENEFITS.map((b) => (
          <li key={b} className="flex gap-3">
            <span aria-hidden="true" className="font-bold text-emerald-700 dark:text-emerald-400">
              ✓
            </span>
            <span>{b}</span>
          </li>
        ))}
      </ul>
      <p className="mt-6 text-sm text-slate-600 dark:text-slate-400">
        Free, and yours to download or delete at any time from your profile.
      </p>
    </aside>
  );
}
