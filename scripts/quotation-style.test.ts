import { describe, expect, it } from 'vitest';
import {
  contentQuoteProblems,
  formatQuoteProblem,
  quoteProblems,
  scanYamlQuotes,
} from './quotation-style';

describe('quotation style', () => {
  it("content uses double quotes, and grammar and vocabulary keep the sentence's punctuation outside quoted examples", () => {
    const problems = contentQuoteProblems().map(formatQuoteProblem);
    expect(problems, `Quotation problems:\n${problems.join('\n')}\n`).toEqual([]);
  }, 30_000);

  it('finds single quotes used as quotation marks, not apostrophes', () => {
    expect(quoteProblems("Use 'fewer' with countable nouns.", false)).toHaveLength(1);
    expect(quoteProblems("The word ('agree') needs 'on'.", false)).toHaveLength(1);
    expect(
      quoteProblems("The team's plan, the teams' goals, we've shipped, the '90s", false),
    ).toEqual([]);
    expect(quoteProblems("'Have to' behaves like a main verb.", false)).toHaveLength(1);
  });

  it('allows single quotes inside double quotes', () => {
    expect(quoteProblems('She wrote: "The client said \'not yet\' on Monday."', true)).toEqual([]);
  });

  it('finds unpaired and curly quotes', () => {
    expect(quoteProblems('Use "fewer with countable nouns.', false)).toHaveLength(1);
    expect(quoteProblems('Use “fewer” with countable nouns.', false)).toHaveLength(1);
  });

  it('in examples, puts a comma or period after a quoted word or fragment', () => {
    expect(quoteProblems('A verb that shows tense, such as "is."', true)).toHaveLength(1);
    expect(quoteProblems('Use "agree on," "agree to," and "agree with."', true)).toHaveLength(3);
    expect(quoteProblems('Use "agree on", "agree to", and "agree with".', true)).toEqual([]);
    expect(quoteProblems('A verb that shows tense, such as "is."', false)).toEqual([]);
  });

  it('in examples, finds an article discussed as a word but left unquoted', () => {
    expect(quoteProblems('The reader knows which report, so use the.', true)).toHaveLength(1);
    expect(quoteProblems('Ordinals take the, and "one of" takes a plural.', true)).toHaveLength(1);
    expect(quoteProblems('Use a or an the first time you mention it.', true)).toHaveLength(1);
    expect(quoteProblems('A and an go only with singular nouns.', true)).toHaveLength(1);
    expect(quoteProblems('The reader knows which report, so use "the".', true)).toEqual([]);
    expect(quoteProblems('Use "a" or "an" the first time, and "the" after that.', true)).toEqual(
      [],
    );
    expect(quoteProblems('Superlatives take "the": "the best option".', true)).toEqual([]);
    expect(quoteProblems('A plan and a budget, then the launch.', true)).toEqual([]);
    expect(quoteProblems('Match (a|an) before [a, b] in the pattern.', true)).toEqual([]);
    expect(quoteProblems('The reader knows which report, so use the.', false)).toEqual([]);
  });

  it('lets a full example sentence keep its own end mark', () => {
    expect(quoteProblems('Write "We shipped on time." in the update.', true)).toEqual([]);
    expect(quoteProblems('"I\'m done," she said, becomes "She said she was done."', true)).toEqual(
      [],
    );
    expect(quoteProblems('Ask "Do we have to submit it?" instead.', true)).toEqual([]);
  });

  it('drops the period after a quotation that ends with its own question mark', () => {
    expect(quoteProblems('The question is "Do we have to submit it?".', true)).toHaveLength(1);
    expect(quoteProblems('The question is "Do we have to submit it?"', true)).toEqual([]);
  });

  it('in YAML, reads string values with their line, not keys', () => {
    const yaml = [
      "'quoted key': fine",
      'explanation: "Use \'fewer\' here."',
      'ok: "Use \\"fewer\\" here."',
    ].join('\n');
    expect(scanYamlQuotes(yaml, 'x.yaml', true).map((p) => p.line)).toEqual([2]);
  });
});
