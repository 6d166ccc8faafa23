import type { TPrompt } from '../../../core/content/practice';

export const CATEGORY_LABELS: Record<TPrompt['category'], string> = {
  email: 'Email',
  report: 'Report',
  proposal: 'Proposal',
  presentation: 'Presentation',
  social: 'Social media',
  strategy: 'Strategy',
  storytelling: 'Storytelling',
  feedback: 'Feedback',
};
