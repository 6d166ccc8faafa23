import { describe, expect, it } from 'vitest';
import type { DeliveryFigures } from '../../../core/audio/delivery';
import {
  speechProblemOf,
  TRANSCRIPT_MISSED,
  TRANSCRIPT_NOT_ALLOWED,
  TRANSCRIPT_UNAVAILABLE,
  transcriptNote,
} from './transcript-note';

const spoken: DeliveryFigures = {
  durationMs: 8000,
  speakingMs: 6000,
  longPauses: 1,
  longestPauseMs: 3000,
  silenceShare: 0.5,
  hasSpeech: true,
};
const idle = { supported: true, problem: null, listening: false, heard: false, figures: undefined };

describe('transcriptNote', () => {
  it('says plainly that the transcript is unavailable, never that the microphone is silent', () => {
    // Headless Chromium has a recognizer that fails with "audio-capture" while the recorder works.
    for (const error of ['audio-capture', 'network', 'language-not-supported', 'bad-grammar'])
      expect(transcriptNote({ ...idle, problem: speechProblemOf(error), figures: spoken })).toBe(
        TRANSCRIPT_UNAVAILABLE,
      );
    expect(transcriptNote({ ...idle, supported: false })).toBe(TRANSCRIPT_UNAVAILABLE);
    expect(transcriptNote({ ...idle, problem: speechProblemOf('not-allowed') })).toBe(
      TRANSCRIPT_NOT_ALLOWED,
    );
    for (const note of [TRANSCRIPT_UNAVAILABLE, TRANSCRIPT_NOT_ALLOWED, TRANSCRIPT_MISSED]) {
      expect(note).not.toMatch(/hear|silent/i);
      expect(note).toMatch(/recording/);
    }
  });

  it('blames the transcript, not the microphone, when it caught nothing of a take with speech', () => {
    expect(transcriptNote({ ...idle, figures: spoken })).toBe(TRANSCRIPT_MISSED);
    expect(transcriptNote({ ...idle, figures: spoken, heard: true })).toMatch(/While you record/);
    // A silent take is the recording card's to explain; the transcript note stays neutral.
    expect(transcriptNote({ ...idle, figures: { ...spoken, hasSpeech: false } })).toMatch(
      /While you record/,
    );
    expect(transcriptNote({ ...idle, listening: true })).toBe('Transcribing as you speak…');
  });
});
