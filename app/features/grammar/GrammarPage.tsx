import { Link } from 'react-router';
import { GRAMMAR_GROUPS } from '../../../core/grammar-topics';
import { paths } from '../../../core/paths';
import { Page } from '../../ui/Page';

export default function GrammarPage() {
  return (
    <Page route="grammar">
      <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {GRAMMAR_GROUPS.map((g) => (
          <section key={g.name} aria-labelledby={`group-${g.name}`}>
            <h2 id={`group-${g.name}`} className="text-lg font-semibold">
              {g.name}
            </h2>
            <ul className="mt-2 space-y-1">
              {g.sub.map((t) => (
                <li key={t.path}>
                  <Link
                    to={paths.grammarTopic(t.path)}
                    className="text-brand-700 underline-offset-2 hover:underline dark:text-sky-400"
                  >
                    {t.name}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
      <p className="mt-10">
        <Link
          to={paths.deepDive(1)}
          className="inline-block rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
        >
          Start the 30-question deep dive
        </Link>
      </p>
    </Page>
  );
}
