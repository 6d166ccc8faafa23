import { useState } from 'react';
import { Link } from 'wouter';
import { DEFAULT_EXPANDED_TOPIC } from '../../../core/constants';
import { GRAMMAR_GROUPS } from '../../../core/grammar/topics';
import { paths } from '../../../core/paths';
import { Drawer } from '../../ui/Drawer';
import { useGrammarStats } from '../../data/grammar';
import { ScoreBadge } from './ScoreBadge';

/** Topics expand to sub-topics with their scores; one open at a time, 'nouns' by default. */
export function TopicDrawer({ slot = 0 }: { slot?: number }) {
  const { data: stats } = useGrammarStats();
  const [expanded, setExpanded] = useState<string | null>(DEFAULT_EXPANDED_TOPIC);
  return (
    <Drawer label="Topics" slot={slot}>
      <ul className="space-y-1">
        {GRAMMAR_GROUPS.map((g) => {
          const key = g.name.toLowerCase();
          const open = expanded === key;
          return (
            <li key={g.name}>
              <button
                type="button"
                aria-expanded={open}
                className="flex w-full items-center justify-between rounded-md px-2 py-1.5 text-left font-semibold hover:bg-slate-100 dark:hover:bg-slate-800"
                onClick={() => setExpanded(open ? null : key)}
              >
                {g.name}
                <span aria-hidden="true">{open ? '−' : '+'}</span>
              </button>
              {open && (
                <ul className="mt-1 mb-2 space-y-1 pl-4">
                  {g.sub.map((t) => (
                    <li key={t.path}>
                      <Link
                        to={paths.grammarTopic(t.path)}
                        className="text-brand-700 hover:underline dark:text-sky-400"
                      >
                        {t.name}
                      </Link>
                      <ScoreBadge score={stats?.topics[t.path]} />
                    </li>
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ul>
    </Drawer>
  );
}
