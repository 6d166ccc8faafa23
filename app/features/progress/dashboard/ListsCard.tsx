import { Link } from 'wouter';
import type { Dashboard } from '../../../../core/progress/dashboard';
import { ITEM_KINDS, KIND_CAPS, type ItemKind } from '../../../../core/items/items';
import { paths } from '../../../../core/paths';
import { Card, FirstStep, linkClass } from './Card';

export const SECTIONS: Record<ItemKind, { label: string; one: string; href: string }> = {
  word: { label: 'Vocabulary', one: 'Word', href: paths.vocabulary() },
  prompt: { label: 'Prompts', one: 'Prompt', href: paths.prompts() },
  activity: { label: 'Activities', one: 'Activity', href: paths.activities() },
  interview: { label: 'Interviews', one: 'Interview question', href: paths.interviews() },
  insight: { label: 'Insights', one: 'Insight', href: paths.insights() },
};

const sectionLink = 'text-brand-700 hover:underline dark:text-sky-400';

export function ListsCard({ lists, next }: Pick<Dashboard, 'lists' | 'next'>) {
  const empty = ITEM_KINDS.every(
    (k) => lists[k].planned + lists[k].completed + lists[k].saved === 0,
  );
  return (
    <Card title="Your lists" wide>
      {empty ? (
        <FirstStep>
          <p>Plan what you want to learn next and it will wait for you here.</p>
          <p className="mt-2">
            <Link to={paths.vocabulary()} className={linkClass}>
              Plan your vocabulary
            </Link>
            ,{' '}
            <Link to={paths.prompts()} className={linkClass}>
              pick a prompt
            </Link>{' '}
            or{' '}
            <Link to={paths.insights()} className={linkClass}>
              choose an insight
            </Link>
            .
          </p>
        </FirstStep>
      ) : (
        <div className="grid gap-6 md:grid-cols-2">
          <table className="w-full self-start text-left text-sm">
            <caption className="sr-only">Planned, completed and saved items per section</caption>
            <thead>
              <tr className="border-b border-slate-200 dark:border-slate-700">
                <th scope="col" className="py-1.5 font-semibold">
                  Section
                </th>
                <th scope="col" className="py-1.5 text-right font-semibold">
                  Planned
                </th>
                <th scope="col" className="py-1.5 text-right font-semibold">
                  Completed
                </th>
                <th scope="col" className="py-1.5 text-right font-semibold">
                  Saved
                </th>
              </tr>
            </thead>
            <tbody>
              {ITEM_KINDS.map((k) => (
                <tr key={k} className="border-b border-slate-100 dark:border-slate-800">
                  <th scope="row" className="py-1.5 font-normal">
                    {SECTIONS[k].href.startsWith('#') ? (
                      <a href={SECTIONS[k].href} className={sectionLink}>
                        {SECTIONS[k].label}
                      </a>
                    ) : (
                      <Link to={SECTIONS[k].href} className={sectionLink}>
                        {SECTIONS[k].label}
                      </Link>
                    )}
                  </th>
                  <td className="py-1.5 text-right tabular-nums">{lists[k].planned}</td>
                  <td className="py-1.5 text-right tabular-nums">{lists[k].completed}</td>
                  <td className="py-1.5 text-right tabular-nums">
                    {KIND_CAPS[k].ops.includes('save') ? (
                      lists[k].saved
                    ) : (
                      <>
                        <span aria-hidden="true">–</span>
                        <span className="sr-only">
                          No saved list for {SECTIONS[k].label.toLowerCase()}
                        </span>
                      </>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <div>
            <h4 className="font-semibold">Next up</h4>
            {next.length === 0 ? (
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                Nothing planned right now.{' '}
                <Link to={paths.prompts()} className={linkClass}>
                  Plan a prompt
                </Link>
              </p>
            ) : (
              <ol className="mt-1 space-y-2">
                {next.map((item) => (
                  <li key={`${item.kind}:${item.id}`}>
                    <span className="block text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">
                      {SECTIONS[item.kind].one}
                    </span>
                    <Link to={item.href} className={`${linkClass} line-clamp-2`}>
                      {item.title}
                    </Link>
                  </li>
                ))}
              </ol>
            )}
          </div>
        </div>
      )}
    </Card>
  );
}
