/**
 * The study modes of a word set, on their own: the route table (core/paths.ts, in the first
 * load) needs only these names, not the study rules (core/vocabulary/study.ts).
 */
export const STUDY_MODES = ['flashcards', 'learn', 'match', 'listen', 'test'] as const;
export type StudyMode = (typeof STUDY_MODES)[number];

export const isStudyMode = (s: string): s is StudyMode =>
  (STUDY_MODES as readonly string[]).includes(s);
