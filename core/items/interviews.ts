import type { InterviewType } from '../constants';

/** A recorded answer to an interview question (GET/POST /api/recordings). */
export interface Recording {
  id: string;
  interviewId: string;
  url: string;
  contentType: string;
  size: number;
  /** Length the recorder measured, in milliseconds (0 when unknown). */
  durationMs: number;
  createdAt: string;
}

/** Longest answer the recorder takes; a spoken interview answer rarely needs more. */
export const MAX_RECORDING_MS = 5 * 60 * 1000;

/**
 * The self-review score stored as the interview record's gameScore: the share of the
 * question's "what the interviewer looks for" points the learner says their answer showed.
 */
export function selfReviewScore(met: number, total: number): number {
  if (total <= 0) return 0;
  return Math.round((Math.min(Math.max(met, 0), total) / total) * 100);
}

/** Each interview type's name, on its page and wherever a list of its questions is named. */
export const INTERVIEW_TYPE_TITLES: Record<InterviewType, string> = {
  behavioral: 'Behavioral interviews',
  'system-design': 'System-design interviews',
  coding: 'Coding interviews',
};

/** What each interview type is and how to answer it (its page, the section's list, its head). */
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
