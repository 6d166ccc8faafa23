/** Live item counts per section, served by GET /api/content/summary and shown on the home page. */
export interface ContentSummary {
  grammarTopics: number;
  grammarQuestions: number;
  deepDiveQuestions: number;
  /**
   * Per grammar topic, the ids its deep-dive questions are answered under (from their tags),
   * so mastery (core/grammar/mastery.ts) counts them without loading the deep dive.
   */
  deepDiveTopics: Record<string, string[]>;
  wordSets: number;
  words: number;
  prompts: number;
  insights: number;
  interviewQuestions: { behavioral: number; 'system-design': number; coding: number };
  activities: number;
  skills: number;
}
