import { Link } from 'wouter';
import { GRAMMAR_PATH } from '../../../core/grammar/path';
import { findGrammarTopic } from '../../../core/grammar/topics';
import { paths } from '../../../core/paths';
import { Page } from '../../ui/Page';

/** The learning path: grammar units ordered by level. */
export default function LearnPage() {
  return (
    <Page route="learn" title="Learn">
      {GRAMMAR_PATH.map((unit) => (
        <section key={unit.id} aria-labelledby={`unit-${unit.id}`} className="mb-8">
          <h2 id={`unit-${unit.id}`} className="text-xl font-semibold">
            {unit.title} <span className="text-sm font-normal">· {unit.level}</span>
          </h2>
          <ul className="mt-2">
            {unit.topics.map((t) => (
              <li key={t}>
                <Link to={paths.grammarTopic(t)}>{findGrammarTopic(t)?.name}</Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </Page>
  );
}
