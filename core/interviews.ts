import type { InterviewType } from './constants';

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
