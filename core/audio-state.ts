/**
 * The spec's audio support state (sections 3–4): whether the browser let us use the
 * microphone, and if not, the browser's own error name and message, shown as they are.
 */
export interface AudioSupport {
  allowed: boolean;
  name: string;
  message: string;
}

export const INITIAL_AUDIO_SUPPORT: AudioSupport = { allowed: false, name: '', message: '' };

/** The part of `navigator.mediaDevices` the check needs; small enough to fake in tests. */
export interface AudioDevices {
  getUserMedia(constraints: {
    audio: boolean;
    video: boolean;
  }): Promise<{ getTracks(): { stop(): void }[] }>;
}

export const NO_MEDIA_DEVICES: AudioSupport = {
  allowed: false,
  name: 'NotSupportedError',
  message: 'This browser cannot record audio.',
};

/**
 * Asks for the microphone (audio only) and releases it at once: the check proves access,
 * it does not start listening. Recording asks again when the learner presses Record.
 */
export async function checkAudio(devices: AudioDevices | undefined | null): Promise<AudioSupport> {
  if (!devices || typeof devices.getUserMedia !== 'function') return NO_MEDIA_DEVICES;
  try {
    const stream = await devices.getUserMedia({ audio: true, video: false });
    for (const track of stream.getTracks()) track.stop();
    return { allowed: true, name: '', message: '' };
  } catch (err) {
    return { allowed: false, ...errorParts(err) };
  }
}

/** The error's name and message as the browser gave them (DOMException or Error). */
export function errorParts(err: unknown): { name: string; message: string } {
  if (typeof err === 'object' && err !== null) {
    const { name, message } = err as { name?: unknown; message?: unknown };
    return {
      name: typeof name === 'string' && name !== '' ? name : 'Error',
      message: typeof message === 'string' ? message : '',
    };
  }
  return { name: 'Error', message: String(err) };
}
