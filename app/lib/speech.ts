import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';

// Reading a word aloud with the browser's own speech synthesis (no server, no audio files).
// The best English voice the browser has is used; where it has none, the page says so
// instead of offering a button that does nothing.

/** Whether this browser has speech synthesis at all. */
export function canSpeak(): boolean {
  return (
    typeof window !== 'undefined' &&
    'speechSynthesis' in window &&
    typeof window.SpeechSynthesisUtterance === 'function'
  );
}

/** Names of voices that sound natural, where a browser offers several of one language. */
const NATURAL = /natural|neural|premium|enhanced|google|samantha|siri|aria|jenny|guy/i;

/**
 * The best English voice of a list: American English first (the app's words are American),
 * then any English; within each, a natural-sounding one, then the browser's default, then a
 * voice on the device (it works offline). Null when there is no English voice.
 */
export function bestVoice(voices: readonly SpeechSynthesisVoice[]): SpeechSynthesisVoice | null {
  const lang = (v: SpeechSynthesisVoice) => v.lang.replace('_', '-').toLowerCase();
  const score = (v: SpeechSynthesisVoice) =>
    (lang(v) === 'en-us' ? 100 : lang(v).startsWith('en') ? 50 : 0) +
    (NATURAL.test(v.name) ? 10 : 0) +
    (v.default ? 4 : 0) +
    (v.localService ? 2 : 0);
  let best: SpeechSynthesisVoice | null = null;
  for (const v of voices) {
    if (!lang(v).startsWith('en')) continue;
    if (!best || score(v) > score(best)) best = v;
  }
  return best;
}

/**
 * What reading aloud can do here: 'checking' while the browser loads its voices (they
 * arrive after a `voiceschanged` event in some browsers), 'ready' with an English voice,
 * 'no-voice' when there is none (or no speech synthesis at all). Before hydration:
 * 'checking', as on the server.
 */
export type VoiceState = 'checking' | 'ready' | 'no-voice';

/** How long to wait for voices before saying there is none. */
const VOICES_WAIT_MS = 1500;

const subscribeVoices = (changed: () => void) => {
  if (!canSpeak()) return () => undefined;
  const synth = window.speechSynthesis;
  synth.addEventListener('voiceschanged', changed);
  return () => synth.removeEventListener('voiceschanged', changed);
};
/** The best English voice's URI ('' while there is none), a stable value to subscribe to. */
const bestVoiceUri = () =>
  canSpeak() ? (bestVoice(window.speechSynthesis.getVoices())?.voiceURI ?? '') : '';

export function useVoice(): { state: VoiceState; voice: SpeechSynthesisVoice | null } {
  const uri = useSyncExternalStore(subscribeVoices, bestVoiceUri, () => null);
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setWaited(true), canSpeak() ? VOICES_WAIT_MS : 0);
    return () => window.clearTimeout(timer);
  }, []);
  const voice = uri
    ? (window.speechSynthesis.getVoices().find((v) => v.voiceURI === uri) ?? null)
    : null;
  return { state: voice ? 'ready' : waited ? 'no-voice' : 'checking', voice };
}

/** The plain message where a word cannot be read aloud. */
export const NO_VOICE_MESSAGE =
  'This browser has no English voice, so it cannot read words aloud. Chrome, Edge and Safari have one; on a computer you can also add an English voice in the system’s speech settings.';

/**
 * `{ state, speaking, say }`: `say(text)` reads the text with the best English voice,
 * stopping anything still being read; `speaking` is true until it ends. `state` says
 * whether it can (VoiceState); with 'no-voice', `say` does nothing and the page shows
 * NO_VOICE_MESSAGE.
 */
export function useSpeech(): { state: VoiceState; speaking: boolean; say: (text: string) => void } {
  const { state, voice } = useVoice();
  const [speaking, setSpeaking] = useState(false);
  // Leaving the page stops the voice.
  useEffect(() => () => (canSpeak() ? window.speechSynthesis.cancel() : undefined), []);
  const say = useCallback(
    (text: string) => {
      if (!canSpeak() || !voice) return;
      const synth = window.speechSynthesis;
      synth.cancel();
      const utterance = new SpeechSynthesisUtterance(text);
      utterance.voice = voice;
      utterance.lang = voice.lang;
      utterance.rate = 0.9;
      utterance.onstart = () => setSpeaking(true);
      utterance.onend = () => setSpeaking(false);
      utterance.onerror = () => setSpeaking(false);
      synth.speak(utterance);
    },
    [voice],
  );
  return { state, speaking, say };
}
