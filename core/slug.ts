/**
 * Lowercase words joined by hyphens, accents dropped, at most `max` characters:
 * "Acme Learning Team" → "acme-learning-team". Empty when nothing is left. Team slugs, the
 * names of downloaded files and of the data export's files all use it.
 */
export function slugify(text: string, max: number): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, max)
    .replace(/-+$/, '');
}
