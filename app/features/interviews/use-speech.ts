import { useEffect, useRef, useState } from 'react';
import { speechProblemOf, type SpeechProblem } from './transcript-note';

// The Web Speech API is not in TypeScript's DOM library; this is the part we use.
interface SpeechResult {
  isFinal: boolean;
  0?: { transcript: string };
}
interface SpeechRecognitionLike {
  continuous: boolean;
  interimResults: boolean;
  lang: string;
  start(): void;
  stop(): void;
  abort(): void;
  onresult: ((e: { resultIndex: number; results: ArrayLike<SpeechResult> }) => void) | null;
  onerror: ((e: { error: string }) => void) | null;
  onend: (() => void) | null;
}
type SpeechCtor = new () => SpeechRecognitionLike;

function speechCtor(): SpeechCtor | null {
  if (typeof window === 'undefined') return null;
  const w = window as unknown as {
    SpeechRecognition?: SpeechCtor;
    webkitSpeechRecognition?: SpeechCtor;
  };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition ?? null;
}

/**
 * A live transcript while the learner speaks (continuous, interim results, en-US). Final
 * phrases go to `onFinal`; the phrase still being heard is `interim`. The browser ends a
 * session after a pause, so it is restarted until `end()` is called. A recognizer that fails
 * (headless Chromium has one that cannot capture) is not tried again in this visit, so the
 * learner is told once.
 */
export function useSpeech(onFinal: (text: string) => void) {
  const [supported] = useState(() => speechCtor() !== null);
  const [listening, setListening] = useState(false);
  const [interim, setInterim] = useState('');
  const [problem, setProblem] = useState<SpeechProblem | null>(null);
  // Whether this take's transcript has added any text.
  const [heard, setHeard] = useState(false);
  const current = useRef<SpeechRecognitionLike | null>(null);
  const wanted = useRef(false);
  const onFinalRef = useRef(onFinal);
  useEffect(() => {
    onFinalRef.current = onFinal;
  });
  useEffect(
    () => () => {
      wanted.current = false;
      current.current?.abort();
      current.current = null;
    },
    [],
  );

  function begin() {
    const Ctor = speechCtor();
    if (!Ctor || current.current || problem) return;
    const r = new Ctor();
    r.continuous = true;
    r.interimResults = true;
    r.lang = 'en-US';
    r.onresult = (e) => {
      let heard = '';
      for (let i = e.resultIndex; i < e.results.length; i++) {
        const result = e.results[i];
        const text = result?.[0]?.transcript ?? '';
        if (result?.isFinal) {
          if (text.trim()) {
            onFinalRef.current(text.trim());
            setHeard(true);
          }
        } else heard += text;
      }
      setInterim(heard);
    };
    r.onerror = (e) => {
      // Silence and our own stop are not problems; anything else ends the transcript.
      if (e.error === 'no-speech' || e.error === 'aborted') return;
      wanted.current = false;
      setProblem(speechProblemOf(e.error));
    };
    r.onend = () => {
      setInterim('');
      if (wanted.current && current.current === r) {
        try {
          r.start();
          return;
        } catch {
          // Could not restart: fall through and stop.
        }
      }
      if (current.current === r) current.current = null;
      setListening(false);
    };
    wanted.current = true;
    setHeard(false);
    setInterim('');
    try {
      r.start();
      current.current = r;
      setListening(true);
    } catch {
      wanted.current = false;
      setProblem('unavailable');
    }
  }

  function end() {
    wanted.current = false;
    current.current?.stop();
  }

  return { supported, listening, interim, problem, heard, begin, end };
}
