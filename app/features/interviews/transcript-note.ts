import type { DeliveryFigures } from '../../../core/audio/delivery';

/**
 * Why the live transcript stopped, by what it means for the learner: the browser refused it,
 * or it cannot run here (no speech service, no network to it, no English, or the service could
 * not open the microphone itself). None of these says anything about the microphone's sound,
 * which the recorder captures on its own.
 */
export type SpeechProblem = 'not-allowed' | 'unavailable';

export function speechProblemOf(error: string): SpeechProblem {
  return error === 'not-allowed' || error === 'service-not-allowed' ? 'not-allowed' : 'unavailable';
}

export const TRANSCRIPT_UNAVAILABLE =
  'Live transcript isn’t available in this browser; your recording still works. Type the main points of your answer here.';
export const TRANSCRIPT_NOT_ALLOWED =
  'The browser didn’t allow a live transcript; your recording still works. Type the main points of your answer here.';
export const TRANSCRIPT_MISSED =
  'The live transcript couldn’t follow your answer, but your recording has it. Listen back and type the main points here.';

interface State {
  /** The browser has a speech recognizer that has not failed in this visit. */
  supported: boolean;
  problem: SpeechProblem | null;
  listening: boolean;
  /** The transcript added text during the last take. */
  heard: boolean;
  /** The last take's figures: undefined before any take, null when they could not be measured. */
  figures: DeliveryFigures | null | undefined;
}

/**
 * The one line under "Your answer" about the live transcript. It is decided from the speech
 * service and the recording together: silence from the service never becomes "the microphone
 * is silent" when the recording itself has speech (the recording's card speaks for the audio).
 */
export function transcriptNote({ supported, problem, listening, heard, figures }: State): string {
  if (problem === 'not-allowed') return TRANSCRIPT_NOT_ALLOWED;
  if (problem === 'unavailable' || !supported) return TRANSCRIPT_UNAVAILABLE;
  if (listening) return 'Transcribing as you speak…';
  if (figures?.hasSpeech && !heard) return TRANSCRIPT_MISSED;
  return 'While you record, what you say appears here. Edit it, or type instead.';
}
