import { describe, expect, it, vi } from 'vitest';
import { checkAudio, INITIAL_AUDIO_SUPPORT, type AudioDevices } from './audio-state';

function fakeTrack() {
  return { stop: vi.fn() };
}

function grantingDevices(tracks: { stop: () => void }[]) {
  const getUserMedia = vi.fn(async () => ({ getTracks: () => tracks }));
  return { devices: { getUserMedia } satisfies AudioDevices, getUserMedia };
}

function refusingDevices(error: unknown) {
  const getUserMedia = vi.fn(async () => {
    throw error;
  });
  return { devices: { getUserMedia } satisfies AudioDevices, getUserMedia };
}

describe('audio support state', () => {
  it('starts not allowed with an empty name and message', () => {
    expect(INITIAL_AUDIO_SUPPORT).toEqual({ allowed: false, name: '', message: '' });
  });

  it('asks for audio only and, once granted, stops every track of the stream at once', async () => {
    const tracks = [fakeTrack(), fakeTrack()];
    const { devices, getUserMedia } = grantingDevices(tracks);
    expect(await checkAudio(devices)).toEqual({ allowed: true, name: '', message: '' });
    expect(getUserMedia).toHaveBeenCalledTimes(1);
    expect(getUserMedia).toHaveBeenCalledWith({ audio: true, video: false });
    for (const t of tracks) expect(t.stop).toHaveBeenCalledTimes(1);
  });

  it('keeps the browser’s error name and message when access is refused', async () => {
    const { devices } = refusingDevices(new DOMException('Permission denied', 'NotAllowedError'));
    expect(await checkAudio(devices)).toEqual({
      allowed: false,
      name: 'NotAllowedError',
      message: 'Permission denied',
    });
  });

  it('reports a missing microphone the same way', async () => {
    const { devices } = refusingDevices(
      new DOMException('Requested device not found', 'NotFoundError'),
    );
    expect(await checkAudio(devices)).toEqual({
      allowed: false,
      name: 'NotFoundError',
      message: 'Requested device not found',
    });
  });

  it('names plain errors and non-error rejections too', async () => {
    const typeError = refusingDevices(new TypeError('bad constraints'));
    expect(await checkAudio(typeError.devices)).toEqual({
      allowed: false,
      name: 'TypeError',
      message: 'bad constraints',
    });
    const odd = refusingDevices('no');
    expect(await checkAudio(odd.devices)).toEqual({ allowed: false, name: 'Error', message: 'no' });
  });

  it('says the browser cannot record when there are no media devices', async () => {
    for (const devices of [undefined, null]) {
      const state = await checkAudio(devices);
      expect(state).toEqual({
        allowed: false,
        name: 'NotSupportedError',
        message: 'This browser cannot record audio.',
      });
    }
  });
});
