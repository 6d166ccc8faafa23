/**
 * Validates vocabulary and job-name content against core's schemas and prints every problem,
 * including a word set without a unit on the vocabulary path and a unit without a set.
 * Usage: npx tsx scripts/check-content.ts [file.yaml …]  (default: all of content/vocabulary and content/jobs)
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { parse } from 'yaml';
import { ZJobNames, ZWordSet } from '../core/content/vocabulary';
import { VOCABULARY_PATH } from '../core/vocabulary/path';
import { contentQuoteProblems, formatQuoteProblem } from './quotation-style';

const root = join(import.meta.dirname, '..', 'content');
const listYaml = (dir: string) =>
  existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith('.yaml'))
        .map((f) => join(dir, f))
    : [];
const args = process.argv.slice(2);
const files =
  args.length > 0 ? args : [...listYaml(join(root, 'vocabulary')), ...listYaml(join(root, 'jobs'))];

let problems = 0;
const wordIds = new Map<string, string>();
const unitsUsed = new Set<string>();
for (const file of files) {
  const name = basename(file);
  const isJobs = file.includes('/jobs/');
  const result = (isJobs ? ZJobNames : ZWordSet).safeParse(parse(readFileSync(file, 'utf8')));
  if (!result.success) {
    for (const issue of result.error.issues) {
      problems++;
      console.log(`${name}: ${issue.path.join('.')}: ${issue.message}`);
    }
    continue;
  }
  if (isJobs) {
    console.log(`${name}: ok (${(result.data as { jobs: string[] }).jobs.length} job names)`);
    continue;
  }
  const set = result.data as { id: string; unit: string; words: { id: string }[] };
  unitsUsed.add(set.unit);
  if (name !== `${set.id}.yaml`) {
    problems++;
    console.log(`${name}: file name must be ${set.id}.yaml`);
  }
  for (const w of set.words) {
    const seen = wordIds.get(w.id);
    if (seen) {
      problems++;
      console.log(`${name}: word id ${w.id} also used in ${seen}`);
    }
    wordIds.set(w.id, name);
  }
  console.log(`${name}: ok (${set.words.length} words)`);
}
// With every set checked, each unit of the vocabulary path holds at least one.
if (args.length === 0)
  for (const unit of VOCABULARY_PATH)
    if (!unitsUsed.has(unit.id)) {
      problems++;
      console.log(
        `vocabulary path: unit ${unit.id} (${unit.level}) has no word set; give one "unit: ${unit.id}"`,
      );
    }
for (const p of contentQuoteProblems(['content/vocabulary', 'content/jobs'])) {
  problems++;
  console.log(formatQuoteProblem(p));
}
console.log(problems === 0 ? 'No problems.' : `${problems} problem(s).`);
process.exit(problems === 0 ? 0 : 1);
