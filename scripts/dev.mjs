// `npm run dev`: the API server under tsx watch (restarts on change) and Vite with HMR,
// in one terminal. Open http://localhost:5173 — Vite forwards /api to the server.
import { spawn } from 'node:child_process';

const port = process.env.PORT ?? '3000';
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'server/main.ts'], {
    stdio: 'inherit',
    env: {
      ...process.env,
      PORT: port,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      DEV_OUTBOX: process.env.DEV_OUTBOX ?? '1',
    },
  }),
  spawn('npx', ['vite'], { stdio: 'inherit', env: { ...process.env, PORT: port } }),
];

let stopping = false;
const stop = (code = 0) => {
  if (stopping) return;
  stopping = true;
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500).unref();
};
for (const c of children) c.on('exit', (code) => stop(code ?? 0));
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
