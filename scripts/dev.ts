/**
 * `npm run dev`: the gateway on :8080, or on PORT (PGlite in .data/, demo data), and Vite's dev
 * server on :5173, which proxies /api (stripped), /sso and /media to the gateway (DESIGN §7).
 * Ctrl-C stops both.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { GATEWAY_NODE_ARGS } from '../gateway/src/config';

const port = process.env.PORT ?? '8080';

const children: ChildProcess[] = [
  spawn(process.execPath, GATEWAY_NODE_ARGS, {
    stdio: 'inherit',
    env: { ...process.env, SKIP_BUILD: '1', PORT: port },
  }),
  // Vite's proxy (vite.config.ts) follows the gateway to another PORT.
  spawn('npx', ['vite', '--host', '127.0.0.1'], {
    stdio: 'inherit',
    env: { ...process.env, GATEWAY_URL: `http://127.0.0.1:${port}` },
  }),
];

let stopping = false;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500);
}

for (const child of children) child.on('exit', (code) => stop(code ?? 0));
process.on('SIGINT', () => stop());
process.on('SIGTERM', () => stop());
