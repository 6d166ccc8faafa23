import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_RECORDING_MS } from '../../../core/items/interviews';
import { Recorder } from './Recorder';
import { pickRecordingType } from './use-recorder';

// A MediaRecorder that "records" one small chunk, and a microphone whose tracks we watch.
class FakeRecorder {
  static instances: FakeRecorder[] = [];
  static isTypeSupported = (t: string) => t === 'audio/webm' || t === 'audio/mp4';
  state: 'inactive' | 'recording' = 'inactive';
  mimeType: string;
  ondataavailable: ((e: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  constructor(
    readonly stream: unknown,
    options?: { mimeType?: string },
  ) {
    this.mimeType = options?.mimeType ?? '';
    FakeRecorder.instances.push(this);
  }
  start() {
    this.state = 'recording';
  }
  stop() {
    this.state = 'inactive';
    this.ondataavailable?.({ data: new Blob(['voice'], { type: this.mimeType }) });
    this.onstop?.();
  }
}

let tracks: { stop: ReturnType<typeof vi.fn>; addEventListener: () => void }[];
const getUserMedia = vi.fn();
const createObjectURL = vi.fn(() => 'blob:take-1');
const revokeObjectURL = vi.fn();

beforeEach(() => {
  FakeRecorder.instances = [];
  tracks = [{ stop: vi.fn(), addEventListener: () => undefined }];
  getUserMedia.mockReset().mockImplementation(async () => ({
    getTracks: () => tracks,
    getAudioTracks: () => tracks,
  }));
  vi.stubGlobal('MediaRecorder', FakeRecorder);
  Object.defineProperty(navigator, 'mediaDevices', {
    value: { getUserMedia },
    configurable: true,
  });
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
  createObjectURL.mockClear();
  revokeObjectURL.mockClear();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderRecorder(signedIn = false) {
  const events = { onStart: vi.fn(), onStop: vi.fn(), onSaved: vi.fn() };
  const view = render(
    <Router hook={memoryLocation({ path: '/interviews/behavioral?interview=q1' }).hook}>
      <Recorder questionId="q1" signedIn={signedIn} targetMs={120_000} {...events} />
    </Router>,
  );
  return { ...view, events };
}

async function record() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Record' }));
  });
  expect(screen.getByRole('button', { name: 'Stop recording' })).toBeTruthy();
}

describe('pickRecordingType', () => {
  it('takes the first container the browser supports, in the server’s order', () => {
    expect(pickRecordingType(() => true)).toBe('audio/webm;codecs=opus');
    expect(pickRecordingType((t) => t.startsWith('audio/ogg') || t === 'audio/mp4')).toBe(
      'audio/ogg;codecs=opus',
    );
    expect(pickRecordingType(() => false)).toBeNull();
  });
});

/** Presses Stop and waits until the take is measured and ready to play. */
async function stopTake() {
  fireEvent.click(screen.getByRole('button', { name: 'Stop recording' }));
  await screen.findByLabelText('Your recording');
}

describe('Recorder', () => {
  it('records audio only, releases the microphone on stop and offers playback', async () => {
    const { events } = renderRecorder();
    await record();
    expect(getUserMedia).toHaveBeenCalledWith({ audio: true, video: false });
    expect(FakeRecorder.instances[0]?.mimeType).toBe('audio/webm');
    expect(events.onStart).toHaveBeenCalledTimes(1);
    expect(tracks[0]?.stop).not.toHaveBeenCalled();

    await stopTake();
    expect(tracks[0]?.stop).toHaveBeenCalledTimes(1);
    expect(events.onStop).toHaveBeenCalledTimes(1);
    // happy-dom cannot decode audio: the take still plays, and the card says it was not measured.
    expect(screen.getByTestId('delivery').textContent).toMatch(/could not measure/);
    expect(screen.getByLabelText('Your recording').getAttribute('src')).toBe('blob:take-1');
    expect(screen.getByRole('status').textContent).toMatch(/^Recording stopped at 00:0\d\.$/);
    // Guests can listen but not save.
    expect(screen.getByText(/to save your recordings\./).textContent).toBe(
      'Create a free account to save your recordings.',
    );
    expect(screen.queryByRole('button', { name: 'Save recording' })).toBeNull();
  });

  it('stops by itself at the time limit', async () => {
    vi.useFakeTimers();
    renderRecorder();
    await record();
    act(() => vi.advanceTimersByTime(MAX_RECORDING_MS));
    vi.useRealTimers();
    await screen.findByLabelText('Your recording');
    expect(tracks[0]?.stop).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status').textContent).toBe('Recording stopped at the 5-minute limit.');
  });

  it('revokes the playback URL on discard and on unmount', async () => {
    createObjectURL.mockReturnValueOnce('blob:take-1').mockReturnValueOnce('blob:take-2');
    const { unmount } = renderRecorder();
    await record();
    await stopTake();
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:take-1');
    expect(screen.queryByLabelText('Your recording')).toBeNull();

    await record();
    await stopTake();
    expect(screen.getByLabelText('Your recording').getAttribute('src')).toBe('blob:take-2');
    unmount();
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:take-2');
  });

  it('releases the microphone when it goes away mid-recording', async () => {
    const { unmount } = renderRecorder();
    await record();
    unmount();
    expect(tracks[0]?.stop).toHaveBeenCalledTimes(1);
    expect(FakeRecorder.instances[0]?.state).toBe('inactive');
  });

  it('shows the browser’s error when recording cannot start', async () => {
    getUserMedia.mockRejectedValueOnce(new DOMException('Permission denied', 'NotAllowedError'));
    renderRecorder();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Record' }));
    });
    expect(screen.getByRole('alert').textContent).toBe('NotAllowedError: Permission denied');
    expect(screen.getByRole('button', { name: 'Record' })).toBeTruthy();
  });

  it('saves to the recordings API with the duration, and explains a recording too big to save', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(
        new Response(JSON.stringify({ error: { code: 'invalid-argument', message: 'Too big.' } }), {
          status: 413,
          headers: { 'Content-Type': 'application/json' },
        }),
      )
      .mockResolvedValueOnce(
        new Response(JSON.stringify({ id: 'rec-1', interviewId: 'q1' }), { status: 201 }),
      );
    vi.stubGlobal('fetch', fetchMock);
    const { events } = renderRecorder(true);
    await record();
    await stopTake();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save recording' }));
    });
    expect(screen.getByRole('alert').textContent).toBe(
      'This recording is too long to save (10 MB max).',
    );
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toMatch(/^\/api\/recordings\/q1\?durationMs=\d+$/);
    expect(init.method).toBe('POST');
    expect(new Headers(init.headers).get('Content-Type')).toBe('audio/webm');

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save recording' }));
    });
    expect(events.onSaved).toHaveBeenCalledWith({ id: 'rec-1', interviewId: 'q1' });
    expect(screen.getByRole('button', { name: 'Saved' })).toHaveProperty('disabled', true);
  });
});
