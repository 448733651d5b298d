/**
 * `npm run bench` (issue 9): prints the performance figures as numbers; asserts nothing about
 * time. 1. the first screen of /index from the build and its import graph; 2. the same in
 * Chromium against the gateway (critical path, then what follows in 2 s of idle); 3.
 * Lighthouse, 3 fresh runs; 4. the returning customer (scripts/bench-returning.ts): logged in
 * through the stand-in SSO, the first screens cold and warm, Lighthouse, taps under 4× CPU
 * slowdown; 5. the gateway's throughput against a bare Fastify route.
 * A bundle report goes to artifacts/bundle-report.txt (git-ignored).
 *
 * Flags: --skip-lighthouse, --skip-returning, --skip-load, --runs N. PostgreSQL is used when DATABASE_URL is set.
 * --scale: only the gateway's load, on the PostgreSQL of DATABASE_URL filled by
 * `npm run seed:scale`, as 10 000 distinct customers (docs/performance.md, "At scale").
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { chromium } from 'playwright-core';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { returningFigures } from './bench-returning';
import { buildInMemory, firstScreen } from './first-screen';
import { freePort, startGateway } from './gateway-process';
import { describeResult, signedHeaders, type DriveResult } from './load-driver';
import { endpoints } from '../contract/endpoints';

const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1]) || 3;
const KB = 1024;
const kb = (n: number) => `${(n / KB).toFixed(1)} KB`;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const WECHAT_UA =
  'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.6099.230 Mobile Safari/537.36 MicroMessenger/8.0.47.2560(0x28002F35) NetType/WIFI Language/zh_CN';

function section(title: string) {
  console.log(`\n## ${title}`);
}

async function buildFigures() {
  section('First screen of /index from the build output (gzip level 9)');
  const output = await buildInMemory();
  const first = firstScreen(output);
  for (const f of first.files) console.log(`  ${f.fileName.padEnd(44)} ${kb(f.raw).padStart(10)} raw ${kb(f.gzip).padStart(10)} gzip`);
  console.log(`  total: ${first.files.length} files, ${kb(first.raw)} raw, ${kb(first.gzip)} gzip (budget 120 KB, 6 files)`);

  // Bundle report: which package weighs what in each chunk.
  const lines: string[] = [];
  for (const o of output) {
    if (o.type !== 'chunk') continue;
    const byPackage = new Map<string, number>();
    for (const [id, m] of Object.entries(o.modules)) {
      const nm = id.split('node_modules/').pop()!;
      const key = id.includes('node_modules/') ? nm.split('/').slice(0, nm.startsWith('@') ? 2 : 1).join('/') : id.replace(process.cwd() + '/', '').split('/').slice(0, 2).join('/');
      byPackage.set(key, (byPackage.get(key) ?? 0) + m.renderedLength);
    }
    lines.push(`${o.fileName} (${kb(o.code.length)} minified)`);
    for (const [key, size] of [...byPackage].sort((a, b) => b[1] - a[1])) lines.push(`    ${key.padEnd(50)} ${kb(size)} before minification`);
  }
  mkdirSync('artifacts', { recursive: true });
  writeFileSync('artifacts/bundle-report.txt', lines.join('\n') + '\n');
  console.log('  bundle report: artifacts/bundle-report.txt');
}

interface Seen {
  url: string;
  /** Chrome's resource type: script, stylesheet, fetch, document… */
  type: string;
  encoded: number;
  decoded: number;
  at: number;
}

async function browserFigures(baseUrl: string) {
  section('First screen of /index in Chromium (375x812, DPR 2, WeChat UA), as sent by the gateway');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, userAgent: WECHAT_UA });
  const page = await context.newPage();
  const seen: Seen[] = [];
  const started = Date.now();
  let configArrived = Infinity;
  // Chrome's own network events: bytes as sent on the wire (encodedDataLength) and decoded.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const pending = new Map<string, Seen>();
  cdp.on('Network.requestWillBeSent', (e) => {
    pending.set(e.requestId, { url: new URL(e.request.url).pathname, type: (e.type ?? 'Other').toLowerCase(), encoded: 0, decoded: 0, at: Date.now() - started });
  });
  cdp.on('Network.dataReceived', (e) => {
    const entry = pending.get(e.requestId);
    if (entry) entry.decoded += e.dataLength;
  });
  cdp.on('Network.loadingFinished', (e) => {
    const entry = pending.get(e.requestId);
    if (!entry) return;
    entry.encoded = e.encodedDataLength;
    seen.push(entry);
    if (entry.url.endsWith('/jsons/indexConfig.json')) configArrived = Math.min(configArrived, Date.now() - started);
  });
  await page.goto(`${baseUrl}/index`, { waitUntil: 'load' });
  const loadAt = Date.now() - started;
  // The app's chunks are requested after the first paint (build/vite-plugins/first-paint-from-html.ts),
  // which can be after `load`: the critical path also runs until React has replaced the boot
  // skeleton with the home, so it counts every chunk the home needed.
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    return !!root && root.childElementCount > 0 && !root.querySelector(':scope > .boot');
  });
  const renderedAt = Date.now() - started;
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(2000);
  const cutoff = Math.max(loadAt, renderedAt, configArrived === Infinity ? loadAt : configArrived);
  const isCode = (s: Seen) => s.type === 'script' || s.type === 'stylesheet' || /\.(js|css)$/.test(s.url);
  const critical = seen.filter((s) => isCode(s) && s.at <= cutoff);
  const later = seen.filter((s) => isCode(s) && s.at > cutoff);
  const sum = (list: Seen[], key: 'encoded' | 'decoded') => list.reduce((n, s) => n + s[key], 0);
  const byType = (list: Seen[]) => Object.entries(list.reduce<Record<string, number>>((m, s) => ((m[s.type] = (m[s.type] ?? 0) + 1), m), {}));
  console.log(`  load event at ${loadAt} ms, indexConfig.json arrived at ${configArrived} ms, the home rendered at ${renderedAt} ms`);
  console.log(`  critical JS+CSS: ${critical.length} requests, ${kb(sum(critical, 'encoded'))} as sent, ${kb(sum(critical, 'decoded'))} decoded (budget 120 KB, 6 requests)`);
  console.log(`  requests by type (all, until idle): ${byType(seen).map(([t, n]) => `${t} ${n}`).join(', ')}`);
  for (const s of [...critical].sort((a, b) => b.encoded - a.encoded).slice(0, 5)) console.log(`    ${s.url.padEnd(44)} ${kb(s.encoded).padStart(10)} sent ${kb(s.decoded).padStart(10)} decoded`);
  console.log(`  after that, in 2 s of idle: ${later.length} JS/CSS requests, ${kb(sum(later, 'encoded'))} as sent`);
  for (const s of later) console.log(`    ${s.url.padEnd(44)} ${kb(s.encoded).padStart(10)} sent`);
  await browser.close();
}

async function lighthouseFigures(baseUrl: string) {
  section(`Lighthouse 12 on /index, default mobile settings, simulated throttling, ${runs} fresh runs`);
  const results: { perf: number; a11y: number; fcp: number; lcp: number; si: number; tbt: number; cls: number }[] = [];
  for (let i = 0; i < runs; i += 1) {
    const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: FLAGS });
    try {
      const result = await lighthouse(`${baseUrl}/index`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] });
      const lhr = result!.lhr;
      const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
      results.push({
        perf: Math.round((lhr.categories.performance.score ?? 0) * 100),
        a11y: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
        fcp: audit('first-contentful-paint'),
        lcp: audit('largest-contentful-paint'),
        si: audit('speed-index'),
        tbt: audit('total-blocking-time'),
        cls: audit('cumulative-layout-shift'),
      });
      if (i === 0) {
        mkdirSync('artifacts', { recursive: true });
        writeFileSync('artifacts/lighthouse-index.json', JSON.stringify(lhr, null, 1));
      }
    } finally {
      await chrome.kill();
    }
  }
  const median = <K extends keyof (typeof results)[number]>(key: K) => {
    const values = results.map((r) => r[key]).sort((a, b) => a - b);
    return values[Math.floor(values.length / 2)];
  };
  console.log(`  runs (performance score): ${results.map((r) => r.perf).join(', ')}`);
  console.log(`  median performance ${median('perf')} (target ≥ 98), accessibility ${median('a11y')} (target ≥ 98)`);
  console.log(`  median FCP ${median('fcp').toFixed(0)} ms (≤ 1200), LCP ${median('lcp').toFixed(0)} ms (≤ 1800), Speed Index ${median('si').toFixed(0)} ms, TBT ${median('tbt').toFixed(0)} ms (≤ 50), CLS ${median('cls').toFixed(3)} (≤ 0.01)`);
}

/** A demo customer's token, through the real SSO → ticket → ck path. */
async function demoToken(baseUrl: string): Promise<string> {
  const phone = '13800138000';
  const sms = (await (await fetch(`${baseUrl}/sso/sms`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ phone }) })).json()) as { obj: { demoCode?: string } };
  const code = sms.obj?.demoCode;
  if (!code) throw new Error('the SSO gave no demo code (is the gateway in demo mode?)');
  const form = new URLSearchParams({ phone, code, redirect_url: `${baseUrl}/transferPage`, source: 'h5portal', data: 'index' });
  const login = await fetch(`${baseUrl}/sso/login`, { method: 'POST', body: form, redirect: 'manual' });
  const ticket = new URL(login.headers.get('location') ?? '', baseUrl).searchParams.get('ticket');
  if (!ticket) throw new Error(`the SSO did not redirect with a ticket (HTTP ${login.status})`);
  const ck = await fetch(`${baseUrl}${endpoints.loginCk}?ticket=${ticket}&source=h5portal`, { headers: signedHeaders() });
  const body = (await ck.json()) as { code: number; obj: { token: string } };
  if (body.code !== 200) throw new Error(`ck answered ${JSON.stringify(body)}`);
  return body.obj.token;
}

/** Runs the load generator in a process of its own and returns what it measured. */
async function drive(url: string, warmup: number, seconds: number, token?: string): Promise<DriveResult> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/load-driver.ts', 'drive', url, String(warmup), String(seconds), ...(token ? [token] : [])], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk));
  const [status] = (await once(child, 'exit')) as [number | null];
  if (status !== 0) throw new Error(`the load driver exited with ${status}`);
  return JSON.parse(out.trim().split('\n').at(-1)!) as DriveResult;
}

/** The load generator's `sessions` mode in a process of its own (FILE: { base, paths, tokens }). */
async function driveSessions(file: string, warmup: number, seconds: number): Promise<DriveResult> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/load-driver.ts', 'sessions', file, String(warmup), String(seconds)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk));
  const [status] = (await once(child, 'exit')) as [number | null];
  if (status !== 0) throw new Error(`the load driver exited with ${status}`);
  return JSON.parse(out.trim().split('\n').at(-1)!) as DriveResult;
}

/** A bare Fastify route in a process of its own; stopped by the returned function. */
async function bareHello(): Promise<{ url: string; stop: () => void }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/load-driver.ts', 'hello', String(port)], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => String(chunk).includes('ready') && resolve());
    child.once('exit', (code) => reject(new Error(`the bare route exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}/hello`, stop: () => child.kill('SIGTERM') };
}

async function loadFigures(baseUrl: string) {
  const db = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  section(`Gateway throughput on ${db}: 50 connections, 3 s warm-up then 10 s`);
  const token = await demoToken(baseUrl);
  const listUrl = `${baseUrl}${endpoints.noticeList}?pageNum=1&pageSize=10`;
  const probe = (await (await fetch(listUrl, { headers: signedHeaders(token) })).json()) as { code: number };
  if (probe.code !== 200) throw new Error(`the list answered code ${probe.code}`);

  // The generator, the gateway and the bare route are three processes: none shares an event
  // loop with another (the bare route once shared the generator's, which understated it).
  const list = await drive(listUrl, 3, 10, token);
  const bare = await bareHello();
  const hello = await drive(bare.url, 3, 10).finally(bare.stop);

  console.log(describeResult(`GET ${endpoints.noticeList} (authenticated)`, list));
  console.log(describeResult('bare Fastify GET /hello', hello));
  if (list.valid && hello.valid) {
    console.log(`  ratio ${(list.rps / hello.rps).toFixed(3)} (target ≥ 0.075 on PostgreSQL; ≥ 4000 req/s, p99 ≤ 20 ms)`);
  } else {
    // A run with refusals or faults measured something else: no ratio, and the bench fails.
    process.exitCode = 1;
  }
}

/** Distinct customers whose tokens the scale mode uses (DESIGN §8 "Honest load figures"). */
const SCALE_CUSTOMERS = 10_000;

/**
 * The gateway's load at volume: sessions for 10 000 seeded customers spread over all of them
 * (made in one statement; the SSO path would take minutes), each request as the next customer
 * with a fresh nonce, every answer's envelope read, beside the bare route of the same run.
 */
async function scaleFigures(baseUrl: string, databaseUrl: string) {
  const db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const dir = mkdtempSync(join(tmpdir(), 'bench-scale-'));
  const hashes: string[] = [];
  try {
    const { rows: [{ customers }] } = await db.query<{ customers: number }>(
      `select count(*)::int as customers from users where id like 'scale-%' and role = 'customer'`,
    );
    if (customers < SCALE_CUSTOMERS) {
      throw new Error(`--scale needs at least ${SCALE_CUSTOMERS} seeded customers and found ${customers}: run npm run seed:scale first`);
    }
    section(`Gateway throughput at scale on PostgreSQL: ${customers} customers, tokens of ${SCALE_CUSTOMERS}, 50 connections, 3 s warm-up then 10 s`);
    const userIds = Array.from({ length: SCALE_CUSTOMERS }, (_, k) => `scale-${1 + Math.floor((k * customers) / SCALE_CUSTOMERS)}`);
    const tokens = userIds.map(() => randomBytes(32).toString('base64url'));
    hashes.push(...tokens.map((t) => createHash('sha256').update(t).digest('hex')));
    await db.query(
      `insert into sessions (token_hash, user_id, expires_at) select h, u, now() + interval '1 hour' from unnest($1::text[], $2::text[]) as t (h, u)`,
      [hashes, userIds],
    );
    const nonces = async () => {
      const { rows: [r] } = await db.query<{ n: number; size: string }>(
        `select count(*)::int as n, pg_size_pretty(pg_total_relation_size('nonces')) as size from nonces`,
      );
      return `${r.n} rows, ${r.size}`;
    };
    const noncesBefore = await nonces();

    const list = (page: number) => `${endpoints.noticeList}?pageNum=${page}&pageSize=10`;
    const figures: [string, string[]][] = [
      ['notice list, page 1', [list(1)]],
      ['notice list, page 3 (the last)', [list(3)]],
      ['rights list', [endpoints.rightsList]],
      ['unread count', [endpoints.noticeCount]],
      // home (unread count), rights, messages, mine (consumption counts), one customer after another
      ['mixed: count, rights, list, consume count', [endpoints.noticeCount, endpoints.rightsList, list(1), endpoints.consumeCount]],
    ];
    const results: [string, DriveResult][] = [];
    for (const [name, paths] of figures) {
      const file = join(dir, 'sessions.json');
      writeFileSync(file, JSON.stringify({ base: baseUrl, paths, tokens }));
      results.push([name, await driveSessions(file, 3, 10)]);
    }
    const bare = await bareHello();
    const hello = await drive(bare.url, 3, 10).finally(bare.stop);

    console.log(describeResult('bare Fastify GET /hello', hello));
    for (const [name, r] of results) {
      const ratio = r.valid && hello.valid ? `  ratio ${(r.rps / hello.rps).toFixed(3)}` : '';
      console.log(`${describeResult(name, r)}${ratio}`);
    }
    console.log(`  nonces before: ${noncesBefore}; after: ${await nonces()}`);
    if (!hello.valid || results.some(([, r]) => !r.valid)) process.exitCode = 1;
  } finally {
    if (hashes.length) await db.query('delete from sessions where token_hash = any($1)', [hashes]).catch(() => {});
    await db.end();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  if (args.includes('--scale')) {
    const databaseUrl = process.env.DATABASE_URL;
    if (!databaseUrl) throw new Error('bench --scale measures PostgreSQL: set DATABASE_URL (and run npm run seed:scale first)');
    const gateway = await startGateway();
    try {
      await scaleFigures(gateway.baseUrl, databaseUrl);
    } finally {
      await gateway.stop();
    }
    return;
  }
  await buildFigures();
  const built = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (built.status !== 0) throw new Error('vite build failed');
  const gateway = await startGateway();
  try {
    await browserFigures(gateway.baseUrl);
    if (!args.includes('--skip-lighthouse')) await lighthouseFigures(gateway.baseUrl);
    if (!args.includes('--skip-returning')) {
      await returningFigures({ baseUrl: gateway.baseUrl, chromium: CHROMIUM, flags: FLAGS, userAgent: WECHAT_UA, runs, lighthouse: !args.includes('--skip-lighthouse') });
    }
    if (!args.includes('--skip-load')) await loadFigures(gateway.baseUrl);
  } finally {
    await gateway.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
