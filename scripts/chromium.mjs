// Where the system Chromium lives and how we launch it. Nothing here downloads a browser.
import { existsSync } from 'node:fs';

export function chromiumPath() {
  const candidates = [
    process.env.CHROMIUM_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
  ].filter(Boolean);
  const found = candidates.find((p) => existsSync(p));
  if (!found) {
    throw new Error(
      'Chromium was not found. Install it (Debian/Ubuntu: `sudo apt-get install -y chromium`) ' +
        'or set CHROMIUM_PATH to a Chromium or Chrome binary.',
    );
  }
  return found;
}

export function chromiumArgs(extra = []) {
  return [
    ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    ...extra,
  ];
}

/**
 * Chromium's fake microphone with an automatic "Allow" for the permission prompt: a beep, or,
 * given `wavFile`, that file from the moment the microphone opens. The file loops, so end it
 * with more silence than the recording will last.
 */
export function fakeMicrophoneArgs(wavFile) {
  return [
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    ...(wavFile ? [`--use-file-for-fake-audio-capture=${wavFile}`] : []),
  ];
}
