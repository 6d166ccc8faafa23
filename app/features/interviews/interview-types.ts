import type { InterviewType } from '../../../core/constants';
import { INTERVIEW_TYPE_TITLES } from '../../../core/interviews';

export const INTERVIEW_TYPE_INFO: Record<
  InterviewType,
  { title: string; blurb: string; structure: string }
> = {
  behavioral: {
    title: INTERVIEW_TYPE_TITLES.behavioral,
    blurb:
      'Stories from your past work that show how you act: conflict, ownership, failure, influence.',
    structure: 'Answer with STAR: situation, task, action, result.',
  },
  'system-design': {
    title: INTERVIEW_TYPE_TITLES['system-design'],
    blurb: 'Designing a service end to end under real constraints, out loud, with an interviewer.',
    structure: 'Work from requirements to a design, then weigh the trade-offs.',
  },
  coding: {
    title: INTERVIEW_TYPE_TITLES.coding,
    blurb: 'Solving a programming problem while explaining your thinking.',
    structure: 'Clarify the problem, outline an approach, then state its complexity.',
  },
};
