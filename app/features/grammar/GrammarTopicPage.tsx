import { Link, useParams } from 'react-router';
import { GRAMMAR_GROUPS, findGrammarTopic } from '../../../core/grammar-topics';
import { paths } from '../../../core/paths';
import { Page } from '../../ui/Page';

export default function GrammarTopicPage() {
  const { topic = '' } = useParams();
  // The route guard has already turned unknown topics into the 404 page.
  const entry = findGrammarTopic(topic);
  const group = GRAMMAR_GROUPS.find((g) => g.name === entry?.group);
  return (
    <Page route="grammarTopic" title={entry?.name ?? topic}>
      <p className="text-slate-600 dark:text-slate-300">
        Part of the <strong>{entry?.group}</strong> group.
      </p>
      {group && group.sub.length > 1 && (
        <nav aria-label={`Other ${group.name.toLowerCase()} topics`} className="mt-6">
          <h2 className="text-lg font-semibold">More in {group.name}</h2>
          <ul className="mt-2 space-y-1">
            {group.sub
              .filter((t) => t.path !== topic)
              .map((t) => (
                <li key={t.path}>
                  <Link
                    to={paths.grammarTopic(t.path)}
                    className="text-brand-700 hover:underline dark:text-sky-400"
                  >
                    {t.name}
                  </Link>
                </li>
              ))}
          </ul>
        </nav>
      )}
    </Page>
  );
}
