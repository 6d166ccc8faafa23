import { describe, expect, it } from 'vitest';
import { MIN_WORDS_PER_SET, ZWord, ZWordSet } from './vocabulary';

const leverage = {
  id: 'leverage',
  word: 'leverage',
  ipa: '/ˈlɛvərɪdʒ/',
  partOfSpeech: 'noun',
  definition: 'Something that gives you power to influence the other side.',
  example: 'A second offer gives us leverage in the salary talk.',
  synonyms: [
    { word: 'power', nuance: 'more general; not tied to a negotiation' },
    { word: 'advantage', nuance: 'any better position, not only one you can use' },
  ],
  usage: 'Uncountable: some leverage, not a leverage.',
  level: 'Junior',
  professions: ['Business'],
  doodle: 'A lever lifting a heavy box.',
};

/** The messages the schema gives for this ipa, or [] when the word is valid. */
function ipaErrors(ipa: unknown) {
  const result = ZWord.safeParse({ ...leverage, ipa });
  return (result.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);
}

describe('ZWord ipa', () => {
  it('accepts American IPA between slashes, for words and phrases', () => {
    for (const ipa of [
      '/ˈlɛvərɪdʒ/',
      '/ˈbʌɡ/',
      '/ˌɛf waɪ ˈaɪ/',
      '/ˌteɪk ɪt ˌɔfˈlaɪn/',
      '/ˌmɪnəməm ˌvaɪəbəl ˈprɑdəkt ˌɛm vi ˈpi/',
    ])
      expect(ipaErrors(ipa), ipa).toEqual([]);
  });

  it('is required, and the message says what to add', () => {
    const withoutIpa: Partial<typeof leverage> = { ...leverage };
    delete withoutIpa.ipa;
    const result = ZWord.safeParse(withoutIpa);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([
      'ipa: ipa must be American IPA between slashes, like /ˈlɛvərɪdʒ/; add it right after word',
    ]);
  });

  it('rejects a word written out instead of IPA, without slashes', () => {
    expect(ipaErrors('leverage')).toEqual([
      'ipa: ipa must be American IPA between slashes, like /ˈlɛvərɪdʒ/: only IPA letters inside the slashes, ˈ or ˌ right before a syllable, one space between words',
    ]);
  });

  it('rejects other shapes with the same pointer to the example', () => {
    for (const ipa of [
      'ˈlɛvərɪdʒ', // no slashes
      '/ˈlɛvərɪdʒ', // one slash
      '/LEV-er-ij/', // respelling, not IPA
      '/ˈlɛvərɪdʒ /', // trailing space
      '/ˌɛf  waɪ ˈaɪ/', // two spaces
      '/lɛvərɪdʒˈ/', // stress mark after the syllable
      '/ˈˌlɛvərɪdʒ/', // two stress marks together
      '/ˈlɛvərɪdʒ/, /ˈlivərɪdʒ/', // two transcriptions
      '/ˈt͡ʃɪp/', // tie bar
    ])
      expect(ipaErrors(ipa)[0], ipa).toMatch(
        /^ipa: ipa must be American IPA between slashes, like \/ˈlɛvərɪdʒ\//,
      );
    expect(ipaErrors(42)[0]).toMatch(/^ipa: ipa must be American IPA between slashes/);
    expect(ipaErrors('//')[0]).toMatch(/3–80 characters long$/);
    expect(ipaErrors(`/ˈ${'lɛvərɪdʒ'.repeat(10)}/`)[0]).toMatch(/3–80 characters long$/);
  });

  it('asks for a vowel and for the primary stress', () => {
    expect(ipaErrors('/ˈpst/')).toEqual([
      'ipa: ipa must be American IPA between slashes, like /ˈlɛvərɪdʒ/; it needs at least one vowel',
    ]);
    expect(ipaErrors('/lɛvərɪdʒ/')).toEqual([
      'ipa: ipa must be American IPA between slashes, like /ˈlɛvərɪdʒ/; mark the primary stress with ˈ before the stressed syllable',
    ]);
  });

  it('holds to the house convention and names the fix', () => {
    expect(ipaErrors('/ˈbʌg/')).toEqual([
      'ipa: ipa must follow the house convention: write ɡ (U+0261, the IPA g), not the keyboard g',
    ]);
    expect(ipaErrors('/ˈlɛvəɹɪʤ/')).toEqual([
      'ipa: ipa must follow the house convention: write r, not ɹ; write dʒ, not ʤ',
    ]);
    expect(ipaErrors('/ˈmɛ.tɹɪk/')).toEqual([
      'ipa: ipa must follow the house convention: drop the syllable dots; write r, not ɹ',
    ]);
    expect(ipaErrors('/ˈsiːkwəl/')).toEqual([
      'ipa: ipa must follow the house convention: drop the length mark ː',
    ]);
    expect(ipaErrors('/ˈlɒt/')).toEqual([
      'ipa: ipa must follow the house convention: write ɑ, not ɒ',
    ]);
    expect(ipaErrors('/ˈkyut/')).toEqual([
      'ipa: ipa must follow the house convention: write j for the y sound, not y',
    ]);
  });

  it('writes ɚ for an unstressed er sound, and ər only before a vowel', () => {
    for (const ipa of ['/ˈsɛvərəns/', '/ˈsʌməri/', '/ˈkændɚ/', '/ˈkaʊntɚˌɔfɚ/', '/rɪˈfɝəl/'])
      expect(ipaErrors(ipa), ipa).toEqual([]);
    for (const ipa of ['/ˈkændər/', '/ˈɪntərˌvju/', '/ˈjuzər ˌfloʊ/'])
      expect(ipaErrors(ipa), ipa).toEqual([
        'ipa: ipa must follow the house convention: write ɚ for an unstressed er sound before a consonant or at the end of a word (/ˈkændɚ/); write ər only before a vowel (/ˈlɛvərɪdʒ/)',
      ]);
    expect(ipaErrors('/ˈlɛvɚɪdʒ/')).toEqual([
      'ipa: ipa must follow the house convention: write ər before a vowel (/ˈlɛvərɪdʒ/), not ɚ',
    ]);
    expect(ipaErrors('/rɪˈfɝrəl/')).toEqual([
      'ipa: ipa must follow the house convention: drop the r after ɝ or ɚ, which already include it (/rɪˈfɝəl/)',
    ]);
    expect(ipaErrors('/ˈkɜrənt/')).toEqual([
      'ipa: ipa must follow the house convention: write ɝ (stressed) or ɚ (unstressed), not ɜ',
    ]);
  });
});

describe('ZWordSet unit', () => {
  const set = {
    id: 'negotiation',
    title: 'Negotiation',
    description: 'Words for deals and contracts.',
    professions: ['Business'],
    unit: 'money-and-deals',
    words: Array.from({ length: MIN_WORDS_PER_SET }, (_, i) => ({ ...leverage, id: `w${i}` })),
  };
  const errors = (value: object) =>
    (ZWordSet.safeParse(value).error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);

  it('places a set on the vocabulary path', () => {
    expect(errors(set)).toEqual([]);
  });

  it('is required, and the message lists the units with their levels', () => {
    const withoutUnit: Partial<typeof set> = { ...set };
    delete withoutUnit.unit;
    expect(errors(withoutUnit)).toEqual([
      'unit: every word set needs a unit on the vocabulary path, which gives its level: add "unit:" with one of everyday-work (Student), building-products (Junior), customers-and-results (Mid-level), money-and-deals (Senior), leading-people (Executive)',
    ]);
  });

  it('refuses a unit the path does not have', () => {
    expect(errors({ ...set, unit: 'Senior' })).toEqual([
      'unit: must be a unit on the vocabulary path (core/vocabulary/path.ts): one of everyday-work (Student), building-products (Junior), customers-and-results (Mid-level), money-and-deals (Senior), leading-people (Executive)',
    ]);
  });
});
