import { useEffect, useRef, useState } from 'react';
import { errorParts } from '../../../core/audio-state';
import type { DeliveryFigures } from '../../../core/audio/delivery';
import { MAX_RECORDING_MS } from '../../../core/items/interviews';

/** Containers the server accepts, best first; the first the browser can record wins. */
export const RECORDING_TYPES = [
  'audio/webm;codecs=opus',
  'audio/webm',
  'audio/ogg;codecs=opus',
  'audio/mp4',
] as const;

export function pickRecordingType(isSupported: (type: string) => boolean): string | null {
  return RECORDING_TYPES.find((t) => isSupported(t)) ?? null;
}

export type RecorderState =
  | { status: 'idle' }
  | { status: 'starting' }
  | { status: 'recording' }
  | { status: 'finishing' }
  | {
      status: 'recorded';
      blob: Blob;
      url: string;
      durationMs: number;
      autoStopped: boolean;
      /** Delivery figures from the decoded audio; null when the browser could not decode it. */
      figures: DeliveryFigures | null;
    };

interface Live {
  recorder: MediaRecorder;
  stream: MediaStream;
  startedAt: number;
  timer: number;
  limit: number;
  auto: boolean;
}

interface Events {
  onStart?: () => void;
  onStop?: () => void;
}

/**
 * One answer recorded with MediaRecorder: asks for the microphone on start, releases it
 * on stop, stops by itself at MAX_RECORDING_MS, and keeps the result as an object URL
 * that is revoked when discarded, replaced or unmounted.
 */
export function useRecorder(events: Events = {}) {
  const [state, setState] = useState<RecorderState>({ status: 'idle' });
  const [elapsedMs, setElapsedMs] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const live = useRef<Live | null>(null);
  const url = useRef<string | null>(null);
  const mounted = useRef(false);
  // Bumped by every new take or discard, so a take still being finished cannot come back.
  const take = useRef(0);
  const eventsRef = useRef(events);
  useEffect(() => {
    eventsRef.current = events;
  });

  function release() {
    const l = live.current;
    if (!l) return;
    window.clearInterval(l.timer);
    window.clearTimeout(l.limit);
    for (const track of l.stream.getTracks()) track.stop();
    live.current = null;
  }

  function revoke() {
    if (url.current) URL.revokeObjectURL(url.current);
    url.current = null;
  }

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      const l = live.current;
      if (l) {
        l.recorder.onstop = null;
        if (l.recorder.state !== 'inactive') l.recorder.stop();
      }
      release();
      revoke();
    };
  }, []);

  function stop(auto = false) {
    const l = live.current;
    if (!l || l.recorder.state === 'inactive') return;
    l.auto = auto;
    l.recorder.stop();
  }

  function discard() {
    take.current++;
    revoke();
    setElapsedMs(0);
    setState({ status: 'idle' });
  }

  async function start() {
    if (live.current) return;
    discard();
    setError(null);
    const devices = navigator.mediaDevices as MediaDevices | undefined;
    if (typeof MediaRecorder === 'undefined' || !devices?.getUserMedia) {
      setError('This browser cannot record audio. You can type your answer below instead.');
      return;
    }
    setState({ status: 'starting' });
    let stream: MediaStream;
    let recorder: MediaRecorder;
    const mimeType = pickRecordingType((t) => MediaRecorder.isTypeSupported(t));
    try {
      stream = await devices.getUserMedia({ audio: true, video: false });
    } catch (err) {
      const { name, message } = errorParts(err);
      setError(message ? `${name}: ${message}` : name);
      setState({ status: 'idle' });
      return;
    }
    try {
      recorder = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
    } catch (err) {
      for (const track of stream.getTracks()) track.stop();
      const { name, message } = errorParts(err);
      setError(message ? `${name}: ${message}` : name);
      setState({ status: 'idle' });
      return;
    }
    if (!mounted.current) {
      for (const track of stream.getTracks()) track.stop();
      return;
    }
    const chunks: Blob[] = [];
    recorder.ondataavailable = (e) => {
      if (e.data.size > 0) chunks.push(e.data);
    };
    recorder.onstop = () => {
      const l = live.current;
      const durationMs = Math.min(
        Math.round(performance.now() - (l?.startedAt ?? performance.now())),
        MAX_RECORDING_MS,
      );
      const auto = l?.auto ?? false;
      release();
      eventsRef.current.onStop?.();
      const recorded = new Blob(chunks, { type: recorder.mimeType || mimeType || 'audio/webm' });
      if (recorded.size === 0) {
        setError('Nothing was recorded. Check your microphone and try again.');
        setState({ status: 'idle' });
        return;
      }
      setElapsedMs(durationMs);
      setState({ status: 'finishing' });
      const thisTake = take.current;
      // The take is measured and its length fixed before anyone plays or saves it.
      void import('./after-recording')
        .then(({ finishRecording }) => finishRecording(recorded, durationMs))
        .catch(() => ({ blob: recorded, durationMs, figures: null }))
        .then((done) => {
          if (!mounted.current || take.current !== thisTake) return;
          revoke();
          url.current = URL.createObjectURL(done.blob);
          setState({
            status: 'recorded',
            blob: done.blob,
            url: url.current,
            durationMs: Math.min(done.durationMs, MAX_RECORDING_MS),
            autoStopped: auto,
            figures: done.figures,
          });
        });
    };
    // A microphone unplugged mid-answer ends the recording rather than leaving it hanging.
    for (const track of stream.getAudioTracks())
      track.addEventListener('ended', () => stop(), { once: true });
    const startedAt = performance.now();
    recorder.start(1000);
    live.current = {
      recorder,
      stream,
      startedAt,
      auto: false,
      timer: window.setInterval(() => setElapsedMs(performance.now() - startedAt), 250),
      limit: window.setTimeout(() => stop(true), MAX_RECORDING_MS),
    };
    setElapsedMs(0);
    setState({ status: 'recording' });
    eventsRef.current.onStart?.();
  }

  return { state, elapsedMs, error, start, stop: () => stop(), discard };
}
