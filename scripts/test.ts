/**
 * `npm test`: the types (TypeScript 7's native compiler; the portal's also against the browser
 * floor's built-ins), the lint and the format check run one
 * after another beside Vitest, which leaves a core idle while its files wait on timers, sockets
 * and child processes (decision 0066). Vitest prints as it goes; each check's output is printed
 * after Vitest's, under its name. Arguments go to Vitest (`npm test -- --reporter=json ...`).
 * Fails when any of them fails.
 */
import { spawn } from 'node:child_process';

const bin = (name: string) => `node_modules/.bin/${name}`;

/**
 * TypeScript 7's `tsc` on one project, incremental. One thread: beside Vitest's workers, the
 * compiler's own threads only add CPU (6 s → 3 s cold).
 */
const tsc = (name: string, project: string, buildInfo: string) => ({
  name,
  command: process.execPath,
  args: [
    'node_modules/typescript-native/bin/tsc',
    '--noEmit',
    '-p',
    project,
    '--singleThreaded',
    '--incremental',
    '--tsBuildInfoFile',
    `node_modules/.cache/tsc/${buildInfo}`,
  ],
});

/** Each check's caches live under node_modules/.cache, so a fresh clone starts cold. */
const checks: { name: string; command: string; args: string[] }[] = [
  tsc('tsc --noEmit', 'tsconfig.json', 'tsbuildinfo'),
  // The portal's code against the browser floor's built-ins: ES2021, no newer (decision 0070).
  tsc('tsc -p tsconfig.floor.json', 'tsconfig.floor.json', 'floor.tsbuildinfo'),
  {
    name: 'eslint .',
    command: bin('eslint'),
    args: ['--cache', '--cache-strategy', 'content', '--cache-location', 'node_modules/.cache/eslint/', '.'],
  },
  {
    name: 'prettier --check .',
    command: bin('prettier'),
    args: ['--check', '--cache', '--cache-location', 'node_modules/.cache/prettier/.prettier-cache', '.'],
  },
];

interface Outcome {
  name: string;
  code: number;
  output: string;
}

function run(command: string, args: string[], capture: boolean): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk));
    child.on('error', (error) => resolve({ code: 1, output: `${output}${error.message}\n` }));
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
  });
}

async function runChecks(): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (const { name, command, args } of checks) outcomes.push({ name, ...(await run(command, args, true)) });
  return outcomes;
}

const [outcomes, vitest] = await Promise.all([
  runChecks(),
  run(bin('vitest'), ['run', ...process.argv.slice(2)], false),
]);

for (const { name, code, output } of outcomes) {
  console.log(`\n${code === 0 ? '✓' : '✗'} ${name}`);
  if (output.trim()) console.log(output.trimEnd());
}
const failed = [...outcomes.filter((o) => o.code !== 0).map((o) => o.name), ...(vitest.code !== 0 ? ['vitest'] : [])];
if (failed.length > 0) {
  console.error(`\nnpm test failed: ${failed.join(', ')}`);
  process.exit(1);
}
