import { describe, expect, it } from 'vitest';
import { matchJobs, normalizeJobText } from './job-match';

const jobs = [
  'Front-End Developer',
  'Back-End Engineer',
  "Children's Librarian",
  'Editor-in-Chief',
  'Data Analyst',
  'Chief Data Officer',
];

describe('job-name matching', () => {
  it('matches nothing before one character is typed', () => {
    expect(matchJobs('', jobs)).toEqual([]);
    expect(matchJobs('   ', jobs)).toEqual([]);
  });

  it('is case-insensitive', () => {
    expect(matchJobs('DATA', jobs)).toEqual(['Data Analyst', 'Chief Data Officer']);
  });

  it('treats hyphen, space and apostrophe as interchangeable', () => {
    expect(matchJobs('front end', jobs)).toEqual(['Front-End Developer']);
    expect(matchJobs('front-end', jobs)).toEqual(['Front-End Developer']);
    expect(matchJobs('editor in chief', jobs)).toEqual(['Editor-in-Chief']);
    expect(matchJobs('children s', jobs)).toEqual(["Children's Librarian"]);
    expect(matchJobs('children’s', jobs)).toEqual(["Children's Librarian"]);
  });

  it('lists names that start with the text before names that contain it', () => {
    expect(matchJobs('chief', jobs)).toEqual(['Chief Data Officer', 'Editor-in-Chief']);
  });

  it('caps the number of suggestions', () => {
    expect(matchJobs('e', jobs, 2)).toHaveLength(2);
  });

  it('normalises runs of separators to one space', () => {
    expect(normalizeJobText("  Editor - in ' Chief ")).toBe('editor in chief');
  });
});
