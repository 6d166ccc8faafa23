import { workMarkdown, type WorkDocument } from './markdown';

/** A labeled figure or field: "Points: 120". */
export interface Fact {
  label: string;
  value: string;
}

/** One section's work (prompts, insights…), each item under its title. */
export interface WorkSection {
  heading: string;
  items: WorkDocument[];
}

/** A file in the archive under files/, and what it is, in words. */
export interface ArchivedFile {
  path: string;
  what: string;
  size: number;
}

/** What the data export's README says, gathered by the server from the learner's rows. */
export interface ExportSummary {
  exportedAt: string;
  name: string;
  email: string;
  profile: Fact[];
  progress: Fact[];
  work: WorkSection[];
  teams: { team: string; role: string; joinedAt: string }[];
  files: ArchivedFile[];
}

const facts = (list: readonly Fact[]) =>
  list.length ? list.map((f) => `- ${f.label}: ${f.value}`).join('\n') : '_Nothing yet._';

const kib = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1048576).toFixed(1)} MB`;

/**
 * The README.md at the top of "Download my data": who the export is for, what is in the
 * archive, then the profile, progress figures, the learner's writing and answers by item
 * title, teams and files, readable without opening the JSON.
 */
export function exportReadme(s: ExportSummary): string {
  const day = s.exportedAt.slice(0, 10);
  const out = [
    '# Your Skillway data',
    `Exported on ${day} for ${s.name} (${s.email}).`,
    [
      'This archive holds:',
      '',
      '- `README.md`: this summary.',
      '- `data.json`: everything Skillway keeps about you, as JSON (the same as the API’s `GET /api/me/export`).',
      '- `files/`: your doodles, profile photos and interview recordings, as you saved them.',
    ].join('\n'),
    '## Profile',
    facts(s.profile),
    '## Progress',
    facts(s.progress),
    '## Your writing and answers',
  ];
  const sections = s.work.filter((w) => w.items.length > 0);
  if (sections.length === 0) out.push('_Nothing written yet._');
  for (const section of sections) {
    out.push(`### ${section.heading}`);
    for (const item of section.items) out.push(workMarkdown(item, 4).trimEnd());
  }
  out.push('## Teams');
  out.push(
    s.teams.length
      ? s.teams.map((t) => `- ${t.team}: ${t.role}, since ${t.joinedAt.slice(0, 10)}`).join('\n')
      : '_Not in a team._',
  );
  out.push('## Files');
  out.push(
    s.files.length
      ? s.files.map((f) => `- \`${f.path}\`: ${f.what} (${kib(f.size)})`).join('\n')
      : '_No files._',
  );
  return `${out.join('\n\n')}\n`;
}
