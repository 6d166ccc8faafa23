import type { InterviewType } from '../../../core/constants';

export const INTERVIEW_TYPE_INFO: Record<
  InterviewType,
  { title: string; blurb: string; structure: string }
> = {
  behavioral: {
    title: 'Behavioral interviews',
    blurb:
      'Stories from your past work that show how you act: conflict, ownership, failure, influence.',
    structure: 'Answer with STAR: situation, task, action, result.',
  },
  'system-design': {
    title: 'System-design interviews',
    blurb: 'Designing a service end to end under real constraints, out loud, with an interviewer.',
    structure: 'Work from requirements to a design, then weigh the trade-offs.',
  },
  coding: {
    title: 'Coding interviews',
    blurb: 'Solving a programming problem while explaining your thinking.',
    structure: 'Clarify the problem, outline an approach, then state its complexity.',
  },
};
