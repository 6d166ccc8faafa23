import { describe, expect, it } from 'vitest';
import {
  formatHit,
  houseStyleFiles,
  houseStyleHits,
  OTHER_FORMS,
  scanCode,
  scanText,
  scanYaml,
} from './house-style';

const words = (hits: { word: string }[]) => hits.map((h) => h.word);

describe('house style', () => {
  it('content, app and server text, index.html, the manifest and the docs use the house forms', () => {
    const hits = houseStyleHits().map(formatHit);
    expect(hits, `Other forms found:\n${hits.join('\n')}\n`).toEqual([]);
  }, 30_000);

  it('covers content, the app, core, the server, the mail templates, the manifest and the docs', () => {
    const files = houseStyleFiles().map((f) => f.file);
    for (const f of [
      'content/skills.yaml',
      'app/features/auth/LoginPage.tsx',
      'core/paths.ts',
      'server/mail/templates.ts',
      'server/http/errors.ts',
      'vite.config.ts',
      'app/index.html',
      'README.md',
      'ARCHITECTURE.md',
    ]) {
      expect(files).toContain(f);
    }
    expect(files.filter((f) => f.includes('.test.'))).toEqual([]);
  });

  it('finds every listed form as a whole word, whatever the case', () => {
    const text = [
      'Send an E-mail, or two e-mails.',
      'Practise daily; we practised, she practises, practising.',
      'Ask an adviser. Behaviour, behavioural, colour, coloured, favourite.',
      'Organise the organisation; recognised, prioritise, summarising.',
      'Analyse what was analysed while analysing; optimise, customisation.',
      'The centre, a licence, the catalogue, cancelled, cancelling, judgement, programme.',
      'Enrol, enrolment; travelled, labelled, modelling, whilst, amongst, learnt, towards.',
    ].join('\n');
    expect(words(scanText(text, 'x.yaml'))).toEqual([
      ...['E-mail', 'e-mails', 'Practise', 'practised', 'practises', 'practising'],
      ...['adviser', 'Behaviour', 'behavioural', 'colour', 'coloured', 'favourite'],
      ...['Organise', 'organisation', 'recognised', 'prioritise', 'summarising'],
      ...['Analyse', 'analysed', 'analysing', 'optimise', 'customisation'],
      ...['centre', 'licence', 'catalogue', 'cancelled', 'cancelling', 'judgement', 'programme'],
      ...['Enrol', 'enrolment', 'travelled', 'labelled', 'modelling', 'whilst', 'amongst'],
      ...['learnt', 'towards'],
    ]);
    for (const { pattern } of OTHER_FORMS) expect(text).toMatch(new RegExp(pattern.source, 'i'));
  });

  it('leaves the American forms and look-alikes alone', () => {
    const text =
      'Email your advisor. Practice daily; we practiced. Behavioral, color, favorite, organize, ' +
      'recognize, prioritize, summarize, analyze. Two analyses and an analysis. Optimistic ' +
      'optimize, customize, center, license, catalog, canceled, cancellation, judgment, program, ' +
      'enroll, enrolled, enrolling, enrollment, traveled, labeled, modeling, while, among, ' +
      'learned, toward.';
    expect(words(scanText(text, 'x.yaml'))).toEqual([]);
  });

  it('in YAML, reads string values, not keys or comments', () => {
    const yaml = ['# Colour words', 'colour: "An e-mail"', 'words: [plain, centre]'].join('\n');
    expect(scanYaml(yaml, 'x.yaml').map((h) => [h.line, h.word])).toEqual([
      [2, 'e-mail'],
      [3, 'centre'],
    ]);
  });

  it('lets an item that says "British" name the British form, and only that item', () => {
    const yaml = [
      'questions:',
      '  - question: "Using American spelling: \'The client ___ the shoot.\'"',
      '    options: ["canceled", "cancelled"]',
      '    explanation: "\'Cancelled\' is the British spelling."',
      '  - question: "The meeting was cancelled."',
      'words:',
      '  - word: mentor',
      '    synonyms:',
      '      - word: adviser',
      '        nuance: "Gives advice."',
      '      - word: counsellor',
      '        nuance: "British spelling of counselor; also an adviser."',
    ].join('\n');
    expect(scanYaml(yaml, 'x.yaml').map((h) => [h.line, h.word])).toEqual([
      [5, 'cancelled'],
      [9, 'adviser'],
    ]);
    expect(
      scanText('usage: "British spelling is \'prioritise\'."\nusage: "We prioritise."', 'x.md'),
    ).toEqual([{ file: 'x.md', line: 2, word: 'prioritise', use: 'prioritiz…' }]);
  });

  it('in code, reads string literals, template text and JSX text, not identifiers or comments', () => {
    const code = [
      '// Colour is never the only signal.',
      'const practise = () => sendEmail();',
      "const label = 'E-mail address';",
      'const url = `${base}/centre/${id}`;',
      'export const View = () => (',
      '  <p title="Not yet practised">',
      '    Practise {topic}',
      '  </p>',
      ');',
    ].join('\n');
    expect(scanCode(code, 'x.tsx').map((h) => [h.line, h.word])).toEqual([
      [3, 'E-mail'],
      [4, 'centre'],
      [6, 'practised'],
      [7, 'Practise'],
    ]);
  });

  it('allows the spec error code `cancelled` and the Checkout return URL, not a message', () => {
    const code = [
      "if (err.code === 'cancelled') throw err;",
      'const back = `${appUrl}/activity?checkout=cancelled`;',
      "throw new AppError('cancelled', 'The upload was cancelled.');",
    ].join('\n');
    expect(scanCode(code, 'x.ts').map((h) => [h.line, h.word])).toEqual([[3, 'cancelled']]);
  });
});
