import { describe, expect, it } from 'vitest';
import { ZInterviewSet, ZPrompt } from './practice';

const prompt = {
  id: 'decline-a-meeting',
  title: 'Decline a meeting politely',
  category: 'email',
  prompt:
    'A colleague invites you to a weekly meeting you do not need to attend. Write a short, kind reply that says no.',
  why: 'Saying no clearly protects your time and keeps the relationship warm.',
  tips: ['Say no early.', 'Give one reason.', 'Offer an alternative.'],
  outline: ['Thanks.', 'The no, with one reason.', 'An alternative.'],
  minutes: 10,
  level: 'Junior',
  professions: ['Business'],
  modelAnswer:
    'Hi Ana,\n\nThank you for the invitation. I will not join the weekly meeting, because it falls in the time I keep for my main project. I will read the notes each week and join whenever an item needs me.\n\nBest,\nSam',
};

describe('ZPrompt model answer', () => {
  it('accepts a prompt with its model answer', () => {
    expect(ZPrompt.safeParse(prompt).success).toBe(true);
  });

  it('the content check fails a prompt without one, or with a stub', () => {
    const without = Object.fromEntries(Object.entries(prompt).filter(([k]) => k !== 'modelAnswer'));
    const missing = ZPrompt.safeParse(without);
    expect(missing.error?.issues.map((i) => i.path.join('.'))).toEqual(['modelAnswer']);
    expect(ZPrompt.safeParse({ ...prompt, modelAnswer: 'Write it here.' }).success).toBe(false);
  });
});

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');
const base = (id: string) => ({
  id,
  question: 'Tell me about a time you changed how your team works.',
  lookingFor: ['You explained why.', 'You measured the result.'],
  followUps: ['What would you do differently?', 'Who resisted?'],
  level: 'Mid-level',
});
const behavioral = (id: string) => ({
  ...base(id),
  structure: ['Situation: the context.', 'Task: your goal.', 'Action: your steps.'],
  outline: ['Set the scene.', 'Say what you did.', 'Give the result.'],
  modelAnswer: {
    speaker: 'A mid-level operations analyst',
    situation: `Our team ran a weekly report by hand. ${words(60)}`,
    task: `I had to make it faster. ${words(40)}`,
    action: `I measured each step and automated the slowest one. ${words(120)}`,
    result: `The report now takes thirty minutes instead of four hours. ${words(40)}`,
  },
});
const systemDesign = (id: string) => ({
  ...base(id),
  structure: ['Requirements first.', 'Then the design.', 'Then trade-offs.'],
  modelOutline: {
    requirements: ['Create and read links.', 'Redirects are fast.'],
    estimates: ['About 40 writes per second.'],
    components: ['Write API.', 'Key-value store.', 'Redirect service.'],
    deepDive: ['Key generation.', 'The redirect path.'],
    tradeOffs: ['Key length versus capacity.', '301 versus 302.'],
  },
});
const coding = (id: string) => ({
  ...base(id),
  structure: ['Clarify the input.', 'State a brute force, then improve it.', 'Test edge cases.'],
  solution: {
    approach: [
      'Walk the list once.',
      'Keep a map of values seen.',
      'Return when the pair is found.',
    ],
    time: 'O(n): one pass with O(1) map work.',
    space: 'O(n) for the map.',
    code: 'function f(xs: number[]): number {\n  return xs.length;\n}',
  },
});
const set = (type: string, make: (id: string) => object) => ({
  type,
  questions: Array.from({ length: 20 }, (_, i) => make(`q-${i}`)),
});
const issues = (value: unknown) =>
  ZInterviewSet.safeParse(value).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ??
  [];

describe('interview sets and their model answers', () => {
  it('accepts each type with the model answer its type needs', () => {
    expect(issues(set('behavioral', behavioral))).toEqual([]);
    expect(issues(set('system-design', systemDesign))).toEqual([]);
    expect(issues(set('coding', coding))).toEqual([]);
  });

  it.each([
    ['behavioral', behavioral, 'modelAnswer'],
    ['system-design', systemDesign, 'modelOutline'],
    ['coding', coding, 'solution'],
  ] as const)('the content check fails a %s question without its %s', (type, make, field) => {
    const s = set(type, make);
    s.questions[3] = Object.fromEntries(
      Object.entries(s.questions[3] as Record<string, unknown>).filter(([k]) => k !== field),
    );
    expect(issues(s)).toEqual([expect.stringMatching(new RegExp(`^questions\\.3\\.${field}: `))]);
  });

  it("refuses another type's model answer on a question", () => {
    const s = set('coding', coding);
    s.questions[0] = { ...coding('q-0'), modelAnswer: behavioral('x').modelAnswer };
    expect(issues(s)[0]).toMatch(/^questions\.0: Unrecognized key/);
  });

  it('keeps a STAR answer to about two minutes aloud, with its learned line when asked for', () => {
    const short = behavioral('q-0');
    short.modelAnswer.action = 'I fixed it by automating the slowest step of the report.'.repeat(3);
    const s = set('behavioral', behavioral);
    s.questions[0] = short;
    expect(issues(s)).toEqual([
      expect.stringMatching(/^questions\.0\.modelAnswer: .*250–400 words/),
    ]);

    const asksForLesson = behavioral('q-1');
    asksForLesson.structure = [...asksForLesson.structure, 'What you learned: the habit.'];
    s.questions[0] = asksForLesson;
    expect(issues(s)).toEqual([expect.stringMatching(/^questions\.0\.modelAnswer\.learned: /)]);
  });

  it('keeps the complexity out of what a coding question shows before the attempt', () => {
    const s = set('coding', coding);
    s.questions[5] = { ...coding('q-5'), lookingFor: ['Names the O(n²) brute force', 'Tests it'] };
    expect(issues(s)).toEqual([expect.stringMatching(/^questions\.5\.lookingFor: .*solution/)]);
  });

  it('keeps a code sketch short enough to read on a phone', () => {
    const s = set('coding', coding);
    const long = coding('q-2');
    long.solution.code = Array.from({ length: 26 }, (_, i) => `const a${i} = ${i};`).join('\n');
    s.questions[2] = long;
    expect(issues(s)).toEqual([expect.stringMatching(/^questions\.2\.solution\.code: /)]);
  });
});
