/** Live item counts per section, served by GET /api/content/summary and shown on the home page. */
export interface ContentSummary {
  grammarTopics: number;
  grammarQuestions: number;
  deepDiveQuestions: number;
  wordSets: number;
  words: number;
  prompts: number;
  insights: number;
  interviewQuestions: { behavioral: number; 'system-design': number; coding: number };
  activities: number;
  skills: number;
}
