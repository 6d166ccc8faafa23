// Section colors: one accent per section of the product, part of the design tokens (the
// type scale, spacing, radii and shadows are Tailwind's, set in app/styles.css). The class
// names are whole strings so that Tailwind finds them. Text shades keep 4.5:1 on the page
// background in both themes.

import type { SectionId } from '../../core/content/kinds';

/** What has an accent: each content section (core/content/kinds.ts), Doodles and the results. */
export type ToneId = SectionId | 'doodles' | 'progress';

interface SectionTone {
  /** The section's name or label in its accent. */
  text: string;
  /** A bar along the top of the section's card. */
  bar: string;
}

export const SECTION_TONE: Record<ToneId, SectionTone> = {
  grammar: {
    text: 'text-indigo-700 dark:text-indigo-300',
    bar: 'border-t-indigo-500 dark:border-t-indigo-400',
  },
  vocabulary: {
    text: 'text-emerald-700 dark:text-emerald-300',
    bar: 'border-t-emerald-500 dark:border-t-emerald-400',
  },
  doodles: {
    text: 'text-amber-700 dark:text-amber-300',
    bar: 'border-t-amber-500 dark:border-t-amber-400',
  },
  prompts: {
    text: 'text-violet-700 dark:text-violet-300',
    bar: 'border-t-violet-500 dark:border-t-violet-400',
  },
  insights: {
    text: 'text-sky-700 dark:text-sky-300',
    bar: 'border-t-sky-500 dark:border-t-sky-400',
  },
  interviews: {
    text: 'text-rose-700 dark:text-rose-300',
    bar: 'border-t-rose-500 dark:border-t-rose-400',
  },
  activities: {
    text: 'text-orange-700 dark:text-orange-300',
    bar: 'border-t-orange-500 dark:border-t-orange-400',
  },
  progress: {
    text: 'text-teal-700 dark:text-teal-300',
    bar: 'border-t-teal-500 dark:border-t-teal-400',
  },
};
