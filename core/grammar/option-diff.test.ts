import { describe, expect, it } from 'vitest';
import { optionParts } from './option-diff';

describe('optionParts', () => {
  it('separates the words near-identical options share from the part that differs', () => {
    expect(
      optionParts([
        'We have been working on it',
        'We had been working on it',
        'We were working on it',
      ]),
    ).toEqual([
      { before: 'We', differs: 'have been', after: 'working on it' },
      { before: 'We', differs: 'had been', after: 'working on it' },
      { before: 'We', differs: 'were', after: 'working on it' },
    ]);
  });

  it('leaves short options and options with nothing in common whole', () => {
    expect(optionParts(['is', 'are', 'be'])).toEqual([
      { before: '', differs: 'is', after: '' },
      { before: '', differs: 'are', after: '' },
      { before: '', differs: 'be', after: '' },
    ]);
    expect(optionParts(['Send it today', 'Ask the client first', 'Wait a week'])[1]).toEqual({
      before: '',
      differs: 'Ask the client first',
      after: '',
    });
  });
});
