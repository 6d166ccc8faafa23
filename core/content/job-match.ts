/**
 * Job-name matching for the autocomplete (spec 5): case-insensitive, starts after one
 * typed character, and hyphen, space and apostrophe are interchangeable.
 */
export function normalizeJobText(s: string): string {
  return s
    .toLowerCase()
    .replace(/[-\s'’]+/g, ' ')
    .trim();
}

export function matchJobs(query: string, jobs: readonly string[], limit = 8): string[] {
  const q = normalizeJobText(query);
  if (q.length === 0) return [];
  const starts: string[] = [];
  const contains: string[] = [];
  for (const job of jobs) {
    const n = normalizeJobText(job);
    if (n.startsWith(q)) starts.push(job);
    else if (n.includes(q)) contains.push(job);
    if (starts.length >= limit) break;
  }
  return [...starts, ...contains].slice(0, limit);
}
