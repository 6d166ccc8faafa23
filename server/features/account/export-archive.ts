import { slugify } from '../../../core/slug';
import { Zip, ZipDeflate, ZipPassThrough, strToU8 } from 'fflate';
import { exportReadme, type ArchivedFile, type WorkSection } from '../../../core/export/readme';
import { insightDocument, type WorkDocument } from '../../../core/export/markdown';
import { answerText, answersFromEntries, defaultValue } from '../../../core/items/activity-answers';
import { rubricLines, savedRubricMet } from '../../../core/items/rubric';
import type { SessionUser } from '../../auth/session';
import type { Catalog } from '../../content/catalog';
import type { Db } from '../../db/client';
import { dbBlobDriver, type BlobDriver } from '../storage/service';
import { exportUserData } from './service';

type ExportData = Awaited<ReturnType<typeof exportUserData>>;
type ItemRow = ExportData['itemRecords'][number];

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown) => (typeof v === 'string' ? v : '');
const entriesOf = (row: ItemRow): unknown[] => {
  const parsed = JSON.parse(String(row.entries ?? '[]')) as unknown;
  return Array.isArray(parsed) ? parsed : [];
};
const ofType = (entries: unknown[], type: string) =>
  entries.filter((e): e is Record<string, unknown> => isObject(e) && e.type === type);
const day = (iso: string) => iso.slice(0, 10);

/** A readable, file-safe name part: "Tell me about a conflict" → "tell-me-about-a-conflict". */
function slug(text: string, max = 60): string {
  return slugify(text, max) || 'file';
}

/** The learner's writing and answers per section, by item title (what the README shows). */
function workSections(catalog: Catalog, rows: ItemRow[]): WorkSection[] {
  const prompts: WorkDocument[] = [];
  const insights: WorkDocument[] = [];
  const activities: WorkDocument[] = [];
  const interviews: WorkDocument[] = [];
  for (const row of rows) {
    const entries = entriesOf(row);
    if (entries.length === 0) continue;
    const id = String(row.item_id);
    if (row.kind === 'prompt') {
      const prompt = catalog.prompts.find((p) => p.id === id);
      const text = str(ofType(entries, 'response')[0]?.text);
      if (!prompt || !text.trim()) continue;
      const lines = rubricLines(prompt);
      const checked = ofType(entries, 'rubric').length > 0;
      prompts.push({
        title: prompt.title,
        parts: [{ heading: 'My draft', text }],
        rubric: checked ? { lines, met: savedRubricMet(entries, lines) } : null,
      });
    } else if (row.kind === 'insight') {
      const insight = catalog.insights.find((i) => i.id === id);
      const a = ofType(entries, 'application')[0];
      if (!insight || !a) continue;
      const steps = Array.isArray(a.steps) ? a.steps.map(str) : [];
      insights.push(
        insightDocument(insight, {
          decision: str(a.decision),
          steps,
          reflection: str(a.reflection),
        }),
      );
    } else if (row.kind === 'activity') {
      const activity = catalog.activities.find((x) => x.id === id);
      if (!activity) continue;
      const answers = answersFromEntries(activity, entries);
      const parts = activity.widgets
        .filter((w) => JSON.stringify(answers[w.id]) !== JSON.stringify(defaultValue(w)))
        .map((w) => ({ heading: w.label, text: answerText(answers[w.id] ?? null) }));
      if (parts.length > 0) activities.push({ title: activity.title, parts });
    } else if (row.kind === 'interview') {
      const question = catalog.interviews.questions.get(id);
      const reviews = ofType(entries, 'review');
      if (!question || reviews.length === 0) continue;
      interviews.push({
        title: question.question,
        parts: reviews.map((r) => {
          const met = Array.isArray(r.met) ? r.met.map(String) : [];
          const shown = met.length
            ? `\n\nMy answer showed:\n\n${met.map((m) => `- ${m}`).join('\n')}`
            : '';
          const said = str(r.transcript).trim() ? `\n\nWhat I said:\n\n${str(r.transcript)}` : '';
          return {
            heading: `Self-review of ${day(str(r.at))}: ${Number(r.score) || 0}%`,
            text: `${shown}${said}`.trim() || 'No notes.',
          };
        }),
      });
    }
  }
  return [
    { heading: 'Prompts', items: prompts },
    { heading: 'Insights', items: insights },
    { heading: 'Activities', items: activities },
    { heading: 'Interview questions', items: interviews },
  ];
}

interface FileRow {
  id: string;
  full_path: string;
  content_type: string;
  size: number;
  time_created: string;
  custom_metadata: string;
}

/**
 * Where each of the learner's files goes in the archive, named so a person knows what it
 * is: a doodle by its word, a recording by its question, a photo by its date. Two files
 * that would share a name get "-2", "-3".
 */
function archivedFiles(
  catalog: Catalog,
  rows: FileRow[],
): (ArchivedFile & { id: string; at: string })[] {
  const taken = new Set<string>();
  return rows.map((row) => {
    const [, , folder = 'other'] = row.full_path.split('/');
    const ext = /\.([a-z0-9]+)$/i.exec(row.full_path)?.[1] ?? 'bin';
    const meta = JSON.parse(row.custom_metadata) as Record<string, string>;
    const when = row.time_created.slice(0, 16).replace('T', '-').replace(':', '');
    let base: string;
    let what: string;
    if (folder === 'doodles') {
      const word = meta.wordId ? catalog.vocabulary.words.get(meta.wordId)?.word : undefined;
      base = `doodles/${slug(word ?? 'doodle')}-${when}`;
      what = word ? `your drawing of “${word}”` : 'a drawing';
    } else if (folder === 'recordings') {
      const question = meta.interviewId
        ? catalog.interviews.questions.get(meta.interviewId)?.question
        : undefined;
      base = `recordings/${slug(question ?? 'recording')}-${when}`;
      what = question ? `your answer to “${question}”` : 'a recording';
    } else if (folder === 'profile') {
      base = `profile-photos/photo-${when}`;
      what = 'a profile photo';
    } else {
      base = `${slug(folder)}/${slug(row.full_path.split('/').pop() ?? 'file')}`;
      what = 'a file';
    }
    let path = `files/${base}.${ext}`;
    for (let n = 2; taken.has(path); n++) path = `files/${base}-${n}.${ext}`;
    taken.add(path);
    return {
      id: row.id,
      path,
      what: `${what}, ${day(row.time_created)}`,
      size: row.size,
      at: row.time_created,
    };
  });
}

/** Progress figures a person reads at a glance (the JSON has every row behind them). */
function progressFacts(catalog: Catalog, data: ExportData) {
  const points = data.pointsLedger
    .filter((p) => p.tag === 'total')
    .reduce((sum, p) => sum + Number(p.points), 0);
  const completed = (kind: string) =>
    data.itemRecords.filter((r) => r.kind === kind && r.completed_at).length;
  const topics = data.topicScores
    .map((t) => {
      const title = catalog.grammar.topics.get(String(t.topic_id))?.title ?? String(t.topic_id);
      return `${title} ${Number(t.score)}%`;
    })
    .join(', ');
  return [
    { label: 'Points', value: String(points) },
    { label: 'Grammar questions answered', value: String(data.grammarAnswers.length) },
    { label: 'Topic quizzes taken', value: String(data.quizAttempts.length) },
    ...(topics ? [{ label: 'Topic scores', value: topics }] : []),
    { label: 'Review cards', value: String(data.reviewCards.length) },
    { label: 'Reviews done', value: String(data.reviewLog.length) },
    { label: 'Words learned', value: String(completed('word')) },
    { label: 'Prompts completed', value: String(completed('prompt')) },
    { label: 'Insights completed', value: String(completed('insight')) },
    { label: 'Activities completed', value: String(completed('activity')) },
    { label: 'Interview questions completed', value: String(completed('interview')) },
  ];
}

const profileValue = (v: unknown) =>
  typeof v === 'string' ? v : Array.isArray(v) ? v.map(String).join(', ') : JSON.stringify(v);

/**
 * "Download my data" as a ZIP: README.md (a readable summary), data.json (the JSON export,
 * unchanged) and the learner's files under files/. The archive is streamed: each file's
 * bytes are read from the database only when the reader asks for more, so at most one file
 * (10 MiB for a recording) is in memory at a time, however many the learner has.
 */
export async function exportArchive(
  db: Db,
  catalog: Catalog,
  user: SessionUser,
  driver: BlobDriver = dbBlobDriver,
): Promise<{ fileName: string; body: ReadableStream<Uint8Array> }> {
  const data = await exportUserData(db, user);
  const rows = await db
    .selectFrom('storage_object')
    .select(['id', 'full_path', 'content_type', 'size', 'time_created', 'custom_metadata'])
    .where('owner_id', '=', user.id)
    .orderBy('time_created')
    .orderBy('id')
    .execute();
  const files = archivedFiles(catalog, rows);
  const readme = exportReadme({
    exportedAt: data.exportedAt,
    name: user.name,
    email: user.email,
    profile: [
      { label: 'Name', value: user.name },
      { label: 'Email', value: user.email },
      ...(data.user.createdAt ? [{ label: 'Joined', value: day(data.user.createdAt) }] : []),
      { label: 'Plan', value: user.stripeRole === 'premium' ? 'Premium' : 'Free' },
      ...Object.entries(data.profile).map(([field, v]) => ({
        label: field,
        value: profileValue(v.value),
      })),
    ],
    progress: progressFacts(catalog, data),
    work: workSections(catalog, data.itemRecords),
    teams: data.teamMemberships.map((m) => ({ team: m.team, role: m.role, joinedAt: m.joinedAt })),
    files,
  });

  let out!: ReadableStreamDefaultController<Uint8Array>;
  let chunks = 0;
  const zip = new Zip((err, chunk, final) => {
    if (err) return out.error(err);
    chunks++;
    out.enqueue(chunk);
    if (final) out.close();
  });
  const addText = (name: string, text: string) => {
    const file = new ZipDeflate(name, { level: 6 });
    zip.add(file);
    file.push(strToU8(text), true);
  };
  const steps: (() => Promise<void> | void)[] = [
    () => addText('README.md', readme),
    () => addText('data.json', `${JSON.stringify(data, null, 2)}\n`),
    ...files.map((f) => async () => {
      const bytes = await driver.get(db, f.id);
      if (!bytes) return;
      // Images and audio are compressed already: stored as they are.
      const file = new ZipPassThrough(f.path);
      file.mtime = new Date(f.at);
      zip.add(file);
      file.push(bytes, true);
    }),
    () => zip.end(),
  ];
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      out = controller;
    },
    // One step per pull, and more only while nothing came out (a file gone since the list
    // was read): a pull that enqueues nothing would not be called again.
    async pull() {
      const before = chunks;
      while (chunks === before && steps.length > 0) await steps.shift()?.();
    },
    cancel() {
      steps.length = 0;
    },
  });
  return { fileName: `skillway-export-${day(data.exportedAt)}.zip`, body };
}
