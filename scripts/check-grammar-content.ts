/**
 * Validates grammar content files against core's schemas and prints every problem: the
 * schemas, explanations that name an option by its place, what each topic builds on
 * (core/grammar/builds-on.ts) and the quotation style.
 * Usage: npx tsx scripts/check-grammar-content.ts [file.yaml …]  (default: all of content/grammar)
 */
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import { parse } from 'yaml';
import { ZDeepDive, ZFeedback, ZGrammarTopic } from '../core/content/grammar';
import { buildsOnProblems } from '../core/grammar/builds-on';
import { namesPositions } from '../core/review/ask';
import { contentQuoteProblems, formatQuoteProblem } from './quotation-style';

const root = join(import.meta.dirname, '..', 'content', 'grammar');
const topicDir = join(root, 'topics');
const args = process.argv.slice(2);
const files =
  args.length > 0
    ? args
    : [
        ...(existsSync(topicDir) ? readdirSync(topicDir).map((f) => join(topicDir, f)) : []),
        ...['deep-dive.yaml', 'feedback.yaml'].map((f) => join(root, f)).filter(existsSync),
      ];

let problems = 0;
const ids = new Map<string, string>();

/**
 * Review shuffles a question's options, so an explanation that points at one by its place
 * ("the first option", "option B") would point at the wrong one.
 */
function positionalExplanations(
  name: string,
  questions: { id: string | number; explanation: string }[],
) {
  for (const q of questions) {
    if (!namesPositions(q.explanation)) continue;
    problems++;
    console.log(
      `${name}: question ${q.id}: the explanation names an option by its place ("the first option", "option B"), but review shuffles the options; quote the option's words instead (write "More cleaner" is tempting, not The first option is tempting)`,
    );
  }
}
for (const file of files) {
  const name = basename(file);
  const data: unknown = parse(readFileSync(file, 'utf8'));
  const schema =
    name === 'deep-dive.yaml' ? ZDeepDive : name === 'feedback.yaml' ? ZFeedback : ZGrammarTopic;
  const result = schema.safeParse(data);
  if (!result.success) {
    for (const issue of result.error.issues) {
      problems++;
      console.log(`${name}: ${issue.path.join('.')}: ${issue.message}`);
    }
    continue;
  }
  if (schema !== ZFeedback)
    positionalExplanations(
      name,
      (result.data as { questions: { id: string | number; explanation: string }[] }).questions,
    );
  if (schema === ZGrammarTopic) {
    const topic = result.data as { topic: string; questions: { id: string }[] };
    if (name !== `${topic.topic}.yaml`) {
      problems++;
      console.log(`${name}: file name must be ${topic.topic}.yaml`);
    }
    for (const q of topic.questions) {
      const seen = ids.get(q.id);
      if (seen) {
        problems++;
        console.log(`${name}: question id ${q.id} also used in ${seen}`);
      }
      ids.set(q.id, name);
    }
    console.log(`${name}: ok (${topic.questions.length} questions)`);
  } else {
    console.log(`${name}: ok`);
  }
}
// The path's prerequisites: every topic names the earlier topics it builds on.
for (const p of buildsOnProblems()) {
  problems++;
  console.log(p);
}
for (const p of contentQuoteProblems(['content/grammar'])) {
  problems++;
  console.log(formatQuoteProblem(p));
}
console.log(problems === 0 ? 'No problems.' : `${problems} problem(s).`);
process.exit(problems === 0 ? 0 : 1);
