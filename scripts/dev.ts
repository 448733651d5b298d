/**
 * `npm run dev`: the gateway on :8080, or on PORT (PGlite in .data/, demo data), restarted by
 * Node on a change to gateway/ or contract/, its log lines as text; then, once its /readyz
 * answers, Vite's dev server on :5173, which proxies /api (stripped), /sso and /media to it
 * (docs/product.md §7.1) and holds a call while it restarts (build/vite-plugins/gateway-proxy.ts). The
 * URL to open is Vite's. Ctrl-C stops both.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { GATEWAY_NODE_ARGS } from '../gateway/src/config';
import { formatLogLine } from './dev-log';

const port = process.env.PORT ?? '8080';
const gatewayUrl = `http://127.0.0.1:${port}`;

const gateway = spawn(
  process.execPath,
  ['--watch-path=gateway/src', '--watch-path=contract', '--watch-preserve-output', ...GATEWAY_NODE_ARGS],
  {
    stdio: ['ignore', 'pipe', 'inherit'],
    // JSON stays the gateway's format; this process prints it as text (dev-log.ts).
    env: { ...process.env, SKIP_BUILD: '1', PORT: port },
  },
);
createInterface({ input: gateway.stdout! }).on('line', (line) => {
  const text = formatLogLine(line);
  if (text !== null) console.log(text);
});

const children: ChildProcess[] = [gateway];

async function untilReady(): Promise<boolean> {
  while (gateway.exitCode === null) {
    try {
      if ((await fetch(`${gatewayUrl}/readyz`)).ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

let stopping = false;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500);
}

gateway.on('exit', (code) => stop(code ?? 0));
process.on('SIGINT', () => stop());
process.on('SIGTERM', () => stop());

if (await untilReady()) {
  // Vite's proxy (vite.config.ts) follows the gateway to another PORT.
  const vite = spawn('npx', ['vite', '--host', '127.0.0.1'], {
    stdio: 'inherit',
    env: { ...process.env, GATEWAY_URL: gatewayUrl },
  });
  children.push(vite);
  vite.on('exit', (code) => stop(code ?? 0));
}
