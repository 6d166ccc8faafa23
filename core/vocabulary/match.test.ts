import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { seeded } from '../random';
import {
  MATCH_MAX_MS,
  MATCH_MIN_MS,
  MATCH_PAIRS,
  MATCH_PENALTY_MS,
  beatsBest,
  clearWrong,
  formatMatchClock,
  formatMatchTime,
  isPlausibleMatchMs,
  matchDone,
  matchResultMs,
  newMatch,
  selectTile,
  type MatchState,
  type MatchWord,
} from './match';

const words: MatchWord[] = Array.from({ length: 16 }, (_, i) => ({
  id: `w${i}`,
  word: `word ${i}`,
  definition: `the meaning of word number ${i}`,
}));

const pairs = (s: MatchState) => [...new Set(s.tiles.map((t) => t.wordId))];

describe('newMatch', () => {
  it('draws MATCH_PAIRS words of the set as 12 tiles: each word and its definition once', () => {
    const s = newMatch(words, seeded('a'));
    expect(s.tiles).toHaveLength(MATCH_PAIRS * 2);
    const ids = pairs(s);
    expect(ids).toHaveLength(MATCH_PAIRS);
    for (const id of ids) {
      const w = words.find((x) => x.id === id)!;
      expect(s.tiles.filter((t) => t.wordId === id)).toEqual(
        expect.arrayContaining([
          { id: `word:${id}`, wordId: id, side: 'word', text: w.word },
          { id: `definition:${id}`, wordId: id, side: 'definition', text: w.definition },
        ]),
      );
    }
    expect(s).toMatchObject({ found: [], selected: null, wrong: null, mistakes: [] });
  });

  it('is random from the generator given: the same seed the same board, others differ', () => {
    const order = (s: MatchState) => s.tiles.map((t) => t.id).join();
    expect(order(newMatch(words, seeded('x')))).toBe(order(newMatch(words, seeded('x'))));
    const boards = new Set(['1', '2', '3', '4', '5'].map((k) => order(newMatch(words, seeded(k)))));
    expect(boards.size).toBe(5);
    // Words and definitions are mixed, not six words then six definitions.
    const sides = newMatch(words, seeded('mix')).tiles.map((t) => t.side);
    expect(sides.slice(0, 6)).not.toEqual(Array(6).fill(sides[0]));
  });

  it('draws every word of the set over many boards', () => {
    const random = seeded('coverage');
    const seen = new Set<string>();
    for (let i = 0; i < 40; i++) for (const id of pairs(newMatch(words, random))) seen.add(id);
    expect(seen.size).toBe(words.length);
  });

  it('uses all the words of a set smaller than a board', () => {
    expect(newMatch(words.slice(0, 4), seeded('s')).tiles).toHaveLength(8);
  });

  it('never puts two tiles with the same text on a board (case and spaces aside)', () => {
    const twins: MatchWord[] = [
      { id: 'a', word: 'Lead', definition: 'to guide a team' },
      { id: 'b', word: 'lead ', definition: 'a possible customer' },
      { id: 'c', word: 'pitch', definition: 'To guide a team' },
      { id: 'd', word: 'deck', definition: 'slides for a talk' },
    ];
    for (const seed of ['1', '2', '3', '4', '5', '6']) {
      const s = newMatch(twins, seeded(seed));
      const texts = s.tiles.map((t) => t.text.trim().toLowerCase());
      expect(new Set(texts).size).toBe(texts.length);
      // a and d, or b, c and d: the words that leave every tile's text single.
      expect([4, 6]).toContain(s.tiles.length);
    }
  });
});

describe('selectTile', () => {
  const start = () => newMatch(words, seeded('play'));

  it('a word and its own definition leave the board, in either order', () => {
    let s = start();
    const [a, b] = pairs(s) as [string, string];
    let r = selectTile(s, `word:${a}`);
    expect(r.move).toMatchObject({ kind: 'selected', tile: { id: `word:${a}` } });
    expect(r.state.selected).toBe(`word:${a}`);
    r = selectTile(r.state, `definition:${a}`);
    expect(r.move).toEqual({ kind: 'found', wordId: a });
    expect(r.state).toMatchObject({ found: [a], selected: null, mistakes: [] });
    s = r.state;
    r = selectTile(s, `definition:${b}`);
    r = selectTile(r.state, `word:${b}`);
    expect(r.state.found).toEqual([a, b]);
  });

  it('a word with another word’s definition is wrong: marked, counted, nothing leaves', () => {
    const s = start();
    const [a, b] = pairs(s) as [string, string];
    const r1 = selectTile(s, `definition:${b}`);
    const r2 = selectTile(r1.state, `word:${a}`);
    expect(r2.move).toEqual({ kind: 'wrong', mistake: { wordId: a, definitionOf: b } });
    expect(r2.state).toMatchObject({
      found: [],
      selected: null,
      wrong: [`definition:${b}`, `word:${a}`],
      mistakes: [{ wordId: a, definitionOf: b }],
    });
    // The mark goes with the next selection, or when the screen lets it go.
    expect(selectTile(r2.state, `word:${b}`).state.wrong).toBeNull();
    expect(clearWrong(r2.state).wrong).toBeNull();
    expect(clearWrong(r2.state).mistakes).toHaveLength(1);
  });

  it('a second tile of the same side moves the selection at no cost; the same tile again lets go', () => {
    const s = start();
    const [a, b] = pairs(s) as [string, string];
    let r = selectTile(s, `word:${a}`);
    r = selectTile(r.state, `word:${b}`);
    expect(r.move).toMatchObject({ kind: 'selected' });
    expect(r.state).toMatchObject({ selected: `word:${b}`, mistakes: [] });
    r = selectTile(r.state, `word:${b}`);
    expect(r.move).toEqual({ kind: 'deselected' });
    expect(r.state.selected).toBeNull();
  });

  it('ignores tiles that have left the board and tiles that never were on it', () => {
    const s = start();
    const [a] = pairs(s) as [string];
    const found = selectTile(selectTile(s, `word:${a}`).state, `definition:${a}`).state;
    expect(selectTile(found, `word:${a}`)).toEqual({ state: found, move: { kind: 'ignored' } });
    expect(selectTile(found, 'word:nope')).toEqual({ state: found, move: { kind: 'ignored' } });
  });

  it('any sequence of taps ends only with an empty board, each word found once', () => {
    fc.assert(
      fc.property(fc.string(), fc.array(fc.nat(11), { maxLength: 200 }), (seed, taps) => {
        let s = newMatch(words, seeded(seed));
        let wrong = 0;
        for (const i of taps) {
          const { state, move } = selectTile(s, s.tiles[i]!.id);
          if (move.kind === 'wrong') wrong++;
          s = state;
        }
        expect(new Set(s.found).size).toBe(s.found.length);
        expect(s.mistakes).toHaveLength(wrong);
        expect(matchDone(s)).toBe(s.found.length === MATCH_PAIRS);
      }),
    );
  });

  it('ends when the last pair leaves; nothing moves after that', () => {
    let s = start();
    expect(matchDone(s)).toBe(false);
    for (const id of pairs(s)) {
      s = selectTile(selectTile(s, `word:${id}`).state, `definition:${id}`).state;
    }
    expect(matchDone(s)).toBe(true);
    expect(selectTile(s, s.tiles[0]!.id).move).toEqual({ kind: 'ignored' });
  });
});

describe('the result', () => {
  it('is the clock’s whole milliseconds plus a second per wrong pair', () => {
    expect(matchResultMs(12_345.6, 0)).toBe(12_346);
    expect(matchResultMs(12_345, 2)).toBe(12_345 + 2 * MATCH_PENALTY_MS);
    expect(MATCH_PENALTY_MS).toBe(1000);
    expect(matchResultMs(-5, 0)).toBe(0);
  });

  it('is kept only between a second and an hour, in whole milliseconds', () => {
    expect(isPlausibleMatchMs(MATCH_MIN_MS)).toBe(true);
    expect(isPlausibleMatchMs(MATCH_MAX_MS)).toBe(true);
    expect(isPlausibleMatchMs(MATCH_MIN_MS - 1)).toBe(false);
    expect(isPlausibleMatchMs(MATCH_MAX_MS + 1)).toBe(false);
    expect(isPlausibleMatchMs(1500.5)).toBe(false);
    expect(isPlausibleMatchMs(Number.NaN)).toBe(false);
    expect(MATCH_MAX_MS).toBe(3_600_000);
  });

  it('beats the best only when lower (a tie does not), and any plausible time beats none', () => {
    expect(beatsBest(20_000, null)).toBe(true);
    expect(beatsBest(19_999, 20_000)).toBe(true);
    expect(beatsBest(20_000, 20_000)).toBe(false);
    expect(beatsBest(500, null)).toBe(false);
  });

  it('shows on the clock as mm:ss.s, tenths cut, and in words at the end', () => {
    expect(formatMatchClock(0)).toBe('00:00.0');
    expect(formatMatchClock(9_999)).toBe('00:09.9');
    expect(formatMatchClock(65_250)).toBe('01:05.2');
    expect(formatMatchClock(3_665_000)).toBe('61:05.0');
    expect(formatMatchTime(24_680)).toBe('24.6 seconds');
    expect(formatMatchTime(65_200)).toBe('1 minute 5.2 seconds');
    expect(formatMatchTime(125_000)).toBe('2 minutes 5.0 seconds');
  });
});
