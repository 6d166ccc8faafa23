import { useCallback, useEffect, useState } from 'react';

// Reading a word aloud with the browser's own speech synthesis (no server, no audio files).
// Browsers without it (or with it switched off) get no button.

/** Whether this browser can read text aloud. */
export function canSpeak(): boolean {
  return (
    typeof window !== 'undefined' &&
    'speechSynthesis' in window &&
    typeof window.SpeechSynthesisUtterance === 'function'
  );
}

/**
 * `[speaking, say]`: `say(text)` reads the text in US English, stopping anything still being
 * read; `speaking` is true until it ends.
 */
export function useSpeech(): [boolean, (text: string) => void] {
  const [speaking, setSpeaking] = useState(false);
  // Leaving the page stops the voice.
  useEffect(() => () => (canSpeak() ? window.speechSynthesis.cancel() : undefined), []);
  const say = useCallback((text: string) => {
    if (!canSpeak()) return;
    const synth = window.speechSynthesis;
    synth.cancel();
    const utterance = new SpeechSynthesisUtterance(text);
    utterance.lang = 'en-US';
    utterance.rate = 0.9;
    const voice = synth.getVoices().find((v) => v.lang === 'en-US' || v.lang === 'en_US');
    if (voice) utterance.voice = voice;
    utterance.onstart = () => setSpeaking(true);
    utterance.onend = () => setSpeaking(false);
    utterance.onerror = () => setSpeaking(false);
    synth.speak(utterance);
  }, []);
  return [speaking, say];
}
