/**
 * `npm run bench`: prints the performance figures as numbers; asserts nothing about
 * time. 1. the first screen of /index from the build and its import graph; 2. the same in
 * Chromium against the gateway (critical path, then what follows in 2 s of idle); 3.
 * Lighthouse, 3 fresh runs; 4. the returning customer (scripts/bench-returning.ts): logged in
 * through the stand-in SSO, the first screens cold and warm, Lighthouse, taps under 4× CPU
 * slowdown; 5. the gateway's throughput against a bare Fastify route.
 * A bundle report goes to artifacts/bundle-report.txt (git-ignored).
 *
 * Flags: --skip-lighthouse, --skip-returning, --skip-load, --runs N. PostgreSQL is used when DATABASE_URL is set.
 * The returning customer's taps run in a phone-sized window (decision 0044); BENCH_TAPS=emulated
 * runs them under Playwright's device emulation instead, to compare.
 * --scale: only the gateway's load, on the PostgreSQL of DATABASE_URL filled by
 * `npm run seed:scale`, as 10 000 distinct customers, reads and writes on fresh records
 * (docs/performance.md, "At scale"); with --curve [sizes] it seeds 1 000, 10 000 and 100 000
 * customers in turn and prints the growth curve; with --nonce-soak [minutes] it watches the
 * nonce table at full load.
 * --compare DIR: two builds side by side in one run (scripts/bench-compare.ts): DIR (another
 * checkout's `vite build` output) against this checkout's, built first unless --skip-build. Every
 * first screen (/index, /indexNew, /mine, /message, /rights), guest and logged in, cold and warm,
 * the builds visited in turn, --runs N times each: median LCP, new/old, the worst CLS; the
 * document, its inline scripts and the critical-path JS+CSS per screen; --screens /mine,/rights
 * measures only those. To make DIR from a commit:
 *   git worktree add /tmp/old <commit> && cd /tmp/old && npm ci && npx vite build   # DIR = /tmp/old/dist
 * (docs/performance.md, "How to compare two builds").
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import pg from 'pg';
import { chromium } from 'playwright-core';
import { endpoints } from '../contract/endpoints';
import { compareBuilds } from './bench-compare';
import { returningFigures } from './bench-returning';
import { CHROMIUM_ARGS, CHROMIUM_PATH, WECHAT_UA } from './chromium';
import { buildInMemory, builtFiles, firstScreen } from './first-screen';
import { freePort, startGateway } from './gateway-process';
import { describeResult, type DriveResult, type FreshItem, signedHeaders } from './load-driver';
import { describeSample, GATEWAY_SOAK_BOUNDS, type NonceSample, soakVerdict } from './nonce-soak';

const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1]) || 3;
const benchTaps = (process.env.BENCH_TAPS ?? 'window') as 'window' | 'emulated';
if (benchTaps !== 'window' && benchTaps !== 'emulated')
  throw new Error(`BENCH_TAPS is 'window' (the default) or 'emulated', not '${benchTaps}'`);
const KB = 1024;
const kb = (n: number) => `${(n / KB).toFixed(1)} KB`;

function section(title: string) {
  console.log(`\n## ${title}`);
}

async function buildFigures() {
  section('First screen of /index from the build output (gzip level 9)');
  const output = await buildInMemory();
  const first = firstScreen(builtFiles(output));
  for (const f of first.files)
    console.log(`  ${f.fileName.padEnd(44)} ${kb(f.raw).padStart(10)} raw ${kb(f.gzip).padStart(10)} gzip`);
  console.log(
    `  total: ${first.files.length} files, ${kb(first.raw)} raw, ${kb(first.gzip)} gzip (budget 120 KB, 6 files)`,
  );

  // Bundle report: which package weighs what in each chunk.
  const lines: string[] = [];
  for (const o of output) {
    if (o.type !== 'chunk') continue;
    const byPackage = new Map<string, number>();
    for (const [id, m] of Object.entries(o.modules)) {
      const nm = id.split('node_modules/').pop()!;
      const key = id.includes('node_modules/')
        ? nm
            .split('/')
            .slice(0, nm.startsWith('@') ? 2 : 1)
            .join('/')
        : id
            .replace(process.cwd() + '/', '')
            .split('/')
            .slice(0, 2)
            .join('/');
      byPackage.set(key, (byPackage.get(key) ?? 0) + m.renderedLength);
    }
    lines.push(`${o.fileName} (${kb(o.code.length)} minified)`);
    for (const [key, size] of [...byPackage].sort((a, b) => b[1] - a[1]))
      lines.push(`    ${key.padEnd(50)} ${kb(size)} before minification`);
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
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const context = await browser.newContext({
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    userAgent: WECHAT_UA,
  });
  const page = await context.newPage();
  const seen: Seen[] = [];
  const started = Date.now();
  let configArrived = Infinity;
  // Chrome's own network events: bytes as sent on the wire (encodedDataLength) and decoded.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const pending = new Map<string, Seen>();
  cdp.on('Network.requestWillBeSent', (e) => {
    pending.set(e.requestId, {
      url: new URL(e.request.url).pathname,
      type: (e.type ?? 'Other').toLowerCase(),
      encoded: 0,
      decoded: 0,
      at: Date.now() - started,
    });
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
  const byType = (list: Seen[]) =>
    Object.entries(list.reduce<Record<string, number>>((m, s) => ((m[s.type] = (m[s.type] ?? 0) + 1), m), {}));
  console.log(
    `  load event at ${loadAt} ms, indexConfig.json arrived at ${configArrived} ms, the home rendered at ${renderedAt} ms`,
  );
  console.log(
    `  critical JS+CSS: ${critical.length} requests, ${kb(sum(critical, 'encoded'))} as sent, ${kb(sum(critical, 'decoded'))} decoded (budget 120 KB, 6 requests)`,
  );
  console.log(
    `  requests by type (all, until idle): ${byType(seen)
      .map(([t, n]) => `${t} ${n}`)
      .join(', ')}`,
  );
  for (const s of [...critical].sort((a, b) => b.encoded - a.encoded).slice(0, 5))
    console.log(`    ${s.url.padEnd(44)} ${kb(s.encoded).padStart(10)} sent ${kb(s.decoded).padStart(10)} decoded`);
  console.log(`  after that, in 2 s of idle: ${later.length} JS/CSS requests, ${kb(sum(later, 'encoded'))} as sent`);
  for (const s of later) console.log(`    ${s.url.padEnd(44)} ${kb(s.encoded).padStart(10)} sent`);
  await browser.close();
}

async function lighthouseFigures(baseUrl: string) {
  section(`Lighthouse 12 on /index, default mobile settings, simulated throttling, ${runs} fresh runs`);
  const results: { perf: number; a11y: number; fcp: number; lcp: number; si: number; tbt: number; cls: number }[] = [];
  for (let i = 0; i < runs; i += 1) {
    const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_ARGS });
    try {
      const result = await lighthouse(`${baseUrl}/index`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
      });
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
  console.log(
    `  median FCP ${median('fcp').toFixed(0)} ms (≤ 1200), LCP ${median('lcp').toFixed(0)} ms (≤ 1800), Speed Index ${median('si').toFixed(0)} ms, TBT ${median('tbt').toFixed(0)} ms (≤ 50), CLS ${median('cls').toFixed(3)} (≤ 0.01)`,
  );
}

/** A demo customer's token, through the real SSO → ticket → ck path. */
async function demoToken(baseUrl: string): Promise<string> {
  const phone = '13800138000';
  const sms = (await (
    await fetch(`${baseUrl}/sso/sms`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone }),
    })
  ).json()) as { obj: { demoCode?: string } };
  const code = sms.obj?.demoCode;
  if (!code) throw new Error('the SSO gave no demo code (is the gateway in demo mode?)');
  const form = new URLSearchParams({
    phone,
    code,
    redirect_url: `${baseUrl}/transferPage`,
    source: 'h5portal',
    data: 'index',
  });
  const login = await fetch(`${baseUrl}/sso/login`, { method: 'POST', body: form, redirect: 'manual' });
  const ticket = new URL(login.headers.get('location') ?? '', baseUrl).searchParams.get('ticket');
  if (!ticket) throw new Error(`the SSO did not redirect with a ticket (HTTP ${login.status})`);
  const ck = await fetch(`${baseUrl}${endpoints.loginCk}?ticket=${ticket}&source=h5portal`, {
    headers: signedHeaders(),
  });
  const body = (await ck.json()) as { code: number; obj: { token: string } };
  if (body.code !== 200) throw new Error(`ck answered ${JSON.stringify(body)}`);
  return body.obj.token;
}

/** Runs the load generator in `mode` in a process of its own and returns what it measured. */
async function runLoadDriver(mode: 'drive' | 'sessions' | 'fresh', args: string[]): Promise<DriveResult> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/load-driver.ts', mode, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk));
  const [status] = (await once(child, 'exit')) as [number | null];
  if (status !== 0) throw new Error(`the load driver exited with ${status}`);
  return JSON.parse(out.trim().split('\n').at(-1)!) as DriveResult;
}

/** One URL under load, with a fresh nonce per request (and the token, when given). */
const drive = (url: string, warmup: number, seconds: number, token?: string) =>
  runLoadDriver('drive', [url, String(warmup), String(seconds), ...(token ? [token] : [])]);

/** A customer session's mix (FILE: { base, paths, tokens }). */
const driveSessions = (file: string, warmup: number, seconds: number) =>
  runLoadDriver('sessions', [file, String(warmup), String(seconds)]);

/**
 * A bare Fastify route in a process of its own, answering envelopes of `sizes` bytes in turn
 * when given (decision 0042); stopped by the returned function.
 */
async function bareHello(sizes?: number[]): Promise<{ url: string; stop: () => void }> {
  const port = await freePort();
  const args = ['hello', String(port), ...(sizes?.length ? [sizes.join(',')] : [])];
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/load-driver.ts', ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
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
    console.log(
      `  ratio ${(list.rps / hello.rps).toFixed(3)} (target ≥ 0.075 on PostgreSQL; ≥ 4000 req/s, p99 ≤ 20 ms)`,
    );
  } else {
    // A run with refusals or faults measured something else: no ratio, and the bench fails.
    process.exitCode = 1;
  }
}

/** The value after `flag` when it is not another flag, else `fallback`. */
function flagValue(flag: string, fallback: string): string {
  const value = args[args.indexOf(flag) + 1];
  return value === undefined || value.startsWith('--') ? fallback : value;
}

/** Distinct customers whose tokens the scale mode uses (docs/product.md §12.8). */
const SCALE_CUSTOMERS = 10_000;
/** Seconds each scale figure is measured (`--seconds N`, default 10; shorter only to try the bench out). */
const SECONDS = Number(flagValue('--seconds', '10'));
/** Fresh records made for each write figure: enough for 13 s at 6 000 req/s, then 13 s at WRITE_RATE. */
const FRESH_RECORDS = 100_000;
/** Marks the rights the write figures use (and remove afterwards). */
const BENCH_POLICY = 'BENCH';

interface ScaleSessions {
  customers: number;
  tokens: string[];
  userIds: string[];
  hashes: string[];
}

/**
 * Sessions for up to 10 000 seeded customers spread over all of them, made in one statement
 * (the SSO path would take minutes); `endSessions` deletes them.
 */
async function scaleSessions(db: pg.Pool, minCustomers: number): Promise<ScaleSessions> {
  const {
    rows: [{ customers }],
  } = await db.query<{ customers: number }>(
    `select count(*)::int as customers from users where id like 'scale-%' and role = 'customer'`,
  );
  if (customers < minCustomers) {
    throw new Error(
      `--scale needs at least ${minCustomers} seeded customers and found ${customers}: run npm run seed:scale first`,
    );
  }
  const n = Math.min(SCALE_CUSTOMERS, customers);
  const userIds = Array.from({ length: n }, (_, k) => `scale-${1 + Math.floor((k * customers) / n)}`);
  const tokens = userIds.map(() => randomBytes(32).toString('base64url'));
  const hashes = tokens.map((t) => createHash('sha256').update(t).digest('hex'));
  await db.query(
    `insert into sessions (token_hash, user_id, expires_at) select h, u, now() + interval '1 hour' from unnest($1::text[], $2::text[]) as t (h, u)`,
    [hashes, userIds],
  );
  return { customers, tokens, userIds, hashes };
}

const endSessions = (db: pg.Pool, s: ScaleSessions | undefined) =>
  s
    ? db.query('delete from sessions where token_hash = any($1)', [s.hashes]).then(
        () => undefined,
        () => undefined,
      )
    : Promise.resolve();

/**
 * Removes the write figures' records: their evaluations, consumptions and rights. No index
 * leads from a consumption to its right (the product never deletes a right), so each deleted
 * right's foreign-key check would scan the consumptions; an index made inside the transaction
 * and dropped before it commits makes the check a lookup.
 */
async function removeFreshRecords(db: pg.Pool) {
  const client = await db.connect();
  try {
    await client.query('begin');
    const {
      rows: [{ n }],
    } = await client.query<{ n: number }>(`select count(*)::int as n from rights where policy_no = $1`, [BENCH_POLICY]);
    if (n > 0) {
      await client.query(`create index bench_consumptions_right_idx on consumptions (right_id)`);
      const bench = `select id from rights where policy_no = $1`;
      await client.query(
        `delete from evaluations where consume_id in (select id from consumptions where right_id in (${bench}))`,
        [BENCH_POLICY],
      );
      await client.query(`delete from consumptions where right_id in (${bench})`, [BENCH_POLICY]);
      await client.query(`delete from rights where policy_no = $1`, [BENCH_POLICY]);
      await client.query(`drop index bench_consumptions_right_idx`);
    }
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}

/**
 * Fresh records for the write figures (docs/product.md §12): for the token customers in turn, unused
 * rights in date (a write-off each) and successful consumptions of those rights with no
 * evaluation (an evaluation each), FRESH_RECORDS of each kind, so no request repeats a write.
 */
async function freshRecords(db: pg.Pool, s: ScaleSessions): Promise<{ writeOff: FreshItem[]; evaluate: FreshItem[] }> {
  const perCustomer = Math.ceil(FRESH_RECORDS / s.userIds.length);
  const { rows: rights } = await db.query<{ id: string; user_id: string }>(
    `insert into rights (user_id, name, service_code, product_line, policy_no, total_times, used_times, valid_from, valid_to)
     select t.u, r.name, r.service_code, r.product_line, $3, null, 0, date '2025-01-01', date '2099-12-31'
       from generate_series(1, $2::int) j
      cross join unnest($1::text[]) with ordinality as t (u, k)
      cross join (select name, service_code, product_line from rights where user_id = ($1::text[])[1] order by id limit 1) r
      order by j, t.k
     returning id, user_id`,
    [s.userIds, perCustomer, BENCH_POLICY],
  );
  const { rows: consumptions } = await db.query<{ id: string; user_id: string }>(
    `insert into consumptions (user_id, right_id, provider_name, write_off_code, status, create_time, consume_time, expire_time)
     select user_id, id, 'bench', (800000000000 + row_number() over (order by id))::text, 'success',
            now() - interval '1 day', now() - interval '23 hours', now() - interval '1 day' + interval '15 minutes'
       from rights where id = any($1::bigint[])
      order by id
     returning id, user_id`,
    [rights.map((r) => r.id)],
  );
  const tokenOf = new Map(s.userIds.map((u, k) => [u, s.tokens[k]]));
  const byId = (a: { id: string }, b: { id: string }) => Number(a.id) - Number(b.id);
  return {
    writeOff: rights
      .sort(byId)
      .map((r) => ({ token: tokenOf.get(r.user_id)!, body: JSON.stringify({ rightId: Number(r.id) }) })),
    evaluate: consumptions.sort(byId).map((c) => ({
      token: tokenOf.get(c.user_id)!,
      body: JSON.stringify({
        consumeId: Number(c.id),
        score: 5,
        content: '服务很及时，医生很耐心',
        tags: ['专业', '准时'],
      }),
    })),
  };
}

/** Writes on fresh records, each used once (FILE: { url, items }); at `rate` req/s when given. */
const driveFresh = (file: string, warmup: number, seconds: number, rate?: number) =>
  runLoadDriver('fresh', [file, String(warmup), String(seconds), ...(rate ? [String(rate)] : [])]);

/** The write target's rate (issue figures: ≥ 1 000 req/s with p99 ≤ 30 ms): its latency is measured at this load too. */
const WRITE_RATE = 1_000;

async function bareFigure(sizes?: number[]): Promise<DriveResult> {
  const bare = await bareHello(sizes);
  return drive(bare.url, 3, SECONDS).finally(bare.stop);
}

/** Two runs of the bare route as one: mean req/s, the worse p50 and p99. */
function meanOf(a: DriveResult, b: DriveResult): DriveResult {
  const codes: Record<string, number> = { ...a.codes };
  for (const [code, n] of Object.entries(b.codes)) codes[code] = (codes[code] ?? 0) + n;
  return {
    rps: (a.rps + b.rps) / 2,
    p50: Math.max(a.p50, b.p50),
    p99: Math.max(a.p99, b.p99),
    errors: a.errors + b.errors,
    answers: a.answers + b.answers,
    bytes: a.bytes,
    sizes: a.sizes,
    codes,
    valid: a.valid && b.valid,
  };
}

/**
 * A figure of the scale run and, for a throughput, the bare route answering the sizes of a
 * sample of the figure's answers, run right after it: the ratio the targets are stated in
 * (decision 0042).
 */
interface Figure {
  name: string;
  result: DriveResult;
  bare?: DriveResult;
}

interface ScaleRun {
  customers: number;
  /** The 55-byte bare route before and after the figures, as one. */
  hello: DriveResult;
  figures: Figure[];
}

const ratioOf = (r: DriveResult, bare?: DriveResult) => (bare && r.valid && bare.valid ? r.rps / bare.rps : NaN);

/** The mixed traffic of a customer: home (unread count), rights, messages, mine (consumption counts). */
const MIXED_PATHS = [
  endpoints.noticeCount,
  endpoints.rightsList,
  `${endpoints.noticeList}?pageNum=1&pageSize=10`,
  endpoints.consumeCount,
];

/**
 * The gateway's load at volume: each request as the next of up to 10 000 customers with a
 * fresh nonce, reads then writes on fresh records, every answer's envelope read, beside the
 * bare route of the same run.
 */
async function scaleFigures(baseUrl: string, databaseUrl: string, minCustomers = SCALE_CUSTOMERS): Promise<ScaleRun> {
  const db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const dir = mkdtempSync(join(tmpdir(), 'bench-scale-'));
  let sessions: ScaleSessions | undefined;
  try {
    await removeFreshRecords(db);
    sessions = await scaleSessions(db, minCustomers);
    const { customers, tokens } = sessions;
    section(
      `Gateway throughput at scale on PostgreSQL: ${customers} customers, tokens of ${tokens.length}, 50 connections, 3 s warm-up then ${SECONDS} s`,
    );
    const figures: Figure[] = [];
    // The bare route answering the sizes this figure's answers had, right after it.
    const measured = async (name: string, result: DriveResult) =>
      figures.push({ name, result, bare: await bareFigure(result.sizes.length ? result.sizes : [result.bytes]) });
    const nonces = async () => {
      const {
        rows: [r],
      } = await db.query<{ n: number; size: string }>(
        `select count(*)::int as n, pg_size_pretty(pg_total_relation_size('nonces')) as size from nonces`,
      );
      return `${r.n} rows, ${r.size}`;
    };
    const noncesBefore = await nonces();
    // The bare route before and after the figures: on a shared machine the load moves in minutes.
    const bareBefore = await bareFigure();

    const list = (page: number) => `${endpoints.noticeList}?pageNum=${page}&pageSize=10`;
    const reads: [string, string[]][] = [
      ['notice list, page 1', [list(1)]],
      ['notice list, page 3 (the last)', [list(3)]],
      ['rights list', [endpoints.rightsList]],
      ['unread count', [endpoints.noticeCount]],
      ['mixed: count, rights, list, consume count', MIXED_PATHS],
    ];
    for (const [name, paths] of reads) {
      const file = join(dir, 'sessions.json');
      writeFileSync(file, JSON.stringify({ base: baseUrl, paths, tokens }));
      await measured(name, await driveSessions(file, 3, SECONDS));
    }
    // Writes after the reads: their records would otherwise lengthen the rights lists read.
    const fresh = await freshRecords(db, sessions);
    for (const [name, path, items] of [
      ['write-off (a right used, fresh)', endpoints.writeOff, fresh.writeOff],
      ['evaluation (fresh consumption)', endpoints.evaluate, fresh.evaluate],
    ] as const) {
      const file = join(dir, 'fresh.json');
      writeFileSync(file, JSON.stringify({ url: `${baseUrl}${path}`, items }));
      const saturated = await driveFresh(file, 3, SECONDS);
      await measured(name, saturated);
      // Then at the target's rate on the records left: the latency a customer sees at that
      // load, apart from the queueing of 50 connections at saturation.
      writeFileSync(file, JSON.stringify({ url: `${baseUrl}${path}`, items: items.slice(saturated.fresh?.used ?? 0) }));
      figures.push({ name: `${name} at ${WRITE_RATE} req/s`, result: await driveFresh(file, 3, SECONDS, WRITE_RATE) });
    }
    const bareAfter = await bareFigure();
    const hello = meanOf(bareBefore, bareAfter);

    console.log(describeResult('bare Fastify GET /hello, before', bareBefore));
    console.log(describeResult('bare Fastify GET /hello, after', bareAfter));
    console.log(
      `  each figure's ratio is to the bare route answering the sizes of its answers, run right after it; then to the mean of these two (${hello.rps.toFixed(0)} req/s)`,
    );
    for (const { name, result: r, bare } of figures) {
      // A run at a set rate measures latency, not throughput: no bare run, no ratio.
      const ratio = bare ? `  ratio ${ratioOf(r, bare).toFixed(3)} (to /hello ${ratioOf(r, hello).toFixed(3)})` : '';
      const used = r.fresh ? `  (${r.fresh.used} of ${r.fresh.available} fresh records)` : '';
      console.log(`${describeResult(name, r)}${ratio}${used}`);
      if (bare) console.log(describeResult('  bare Fastify, the same answer sizes', bare));
    }
    console.log(`  nonces before: ${noncesBefore}; after: ${await nonces()}`);
    if (!hello.valid || figures.some(({ result, bare }) => !result.valid || (bare && !bare.valid)))
      process.exitCode = 1;
    return { customers, hello, figures };
  } finally {
    await endSessions(db, sessions);
    await removeFreshRecords(db).catch((error: unknown) =>
      console.error("removing the write figures' records failed:", error),
    );
    await db.end();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * `--curve [1000,10000,100000]`: the database is seeded to each size in turn and measured.
 * Meant for a throwaway database (scripts/with-postgres.sh): it empties the nonce table.
 */
async function curveFigures(databaseUrl: string, sizes: number[]) {
  const runs: ScaleRun[] = [];
  for (const size of sizes) {
    section(`Seeding ${size} customers`);
    const seeded = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'scripts/seed-scale.ts', '--customers', String(size)],
      { stdio: 'inherit' },
    );
    if (seeded.status !== 0) throw new Error(`seed:scale --customers ${size} failed`);
    // Each step starts from an empty nonce table, so a later step does not also carry the
    // nonces of the steps before it (the soak measures the table at steady state).
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    await db.query('truncate nonces').finally(() => db.end());
    const gateway = await startGateway();
    try {
      const run = await scaleFigures(gateway.baseUrl, databaseUrl, 1);
      if (run.customers !== size)
        throw new Error(
          `the curve's ${size} step found ${run.customers} seeded customers: start from a database with at most ${sizes[0]}`,
        );
      runs.push(run);
    } finally {
      await gateway.stop();
    }
  }
  section(
    `Growth curve: req/s, p99 and ratio to bare Fastify at ${sizes.join(', ')} customers (target: each drops by ≤ 15 %)`,
  );
  console.log(
    `  ${'figure'.padEnd(44)}${sizes.map((n) => `${n} customers`.padStart(30)).join('')}   drop (ratio, req/s)`,
  );
  const cell = ({ result: r, bare }: Figure) =>
    (r.valid
      ? `${r.rps.toFixed(0)}/s ${r.p99} ms${bare ? ` ×${ratioOf(r, bare).toFixed(3)}` : ''}`
      : 'INVALID'
    ).padStart(30);
  const bareCell = ({ result, bare }: Figure) =>
    (bare?.valid ? `${bare.rps.toFixed(0)}/s (${result.bytes} B)` : bare ? 'INVALID' : '').padStart(30);
  const drop = (a: number, b: number) => `${(((a - b) / a) * 100).toFixed(1)} %`;
  for (const [k, { name }] of runs[0].figures.entries()) {
    const a = runs[0].figures[k];
    const b = runs.at(-1)!.figures[k];
    // At a set rate the figure is the p99: its growth, not a drop of req/s.
    const drops = !(a.result.valid && b.result.valid)
      ? '—'
      : a.result.rate !== undefined
        ? `p99 ${a.result.p99} → ${b.result.p99} ms`
        : `${drop(ratioOf(a.result, a.bare), ratioOf(b.result, b.bare))}, ${drop(a.result.rps, b.result.rps)}`;
    console.log(`  ${name.padEnd(44)}${runs.map((r) => cell(r.figures[k])).join('')}   ${drops}`);
    if (a.bare)
      console.log(
        `  ${'  bare Fastify, same answer size'.padEnd(44)}${runs.map((r) => bareCell(r.figures[k])).join('')}`,
      );
  }
  console.log(
    `  ${'bare Fastify GET /hello (mean)'.padEnd(44)}${runs.map((r) => (r.hello.valid ? `${r.hello.rps.toFixed(0)}/s ${r.hello.p99} ms` : 'INVALID').padStart(30)).join('')}`,
  );
}

/**
 * `--nonce-soak [minutes]`: the mixed customer traffic at full load for that long (default 10),
 * the nonce table's rows, size and oldest row before, every minute and after, and whether
 * pruning kept it bounded (scripts/nonce-soak.ts).
 */
async function nonceSoak(baseUrl: string, databaseUrl: string, startedAt: number, minutes: number) {
  const db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const dir = mkdtempSync(join(tmpdir(), 'bench-soak-'));
  let sessions: ScaleSessions | undefined;
  try {
    // About bounds, not speed: any seeded volume will do (the figures need 10 000 customers).
    sessions = await scaleSessions(db, 1);
    section(
      `Nonce table at full load for ${minutes} minutes: mixed traffic of ${sessions.tokens.length} of ${sessions.customers} customers, 50 connections`,
    );
    const sample = async (): Promise<NonceSample> => {
      const {
        rows: [r],
      } = await db.query<{ rows: number; bytes: string; oldest: number | null }>(
        `select count(*)::int as rows, pg_total_relation_size('nonces')::bigint as bytes,
                extract(epoch from now() - min(seen_at))::float8 as oldest from nonces`,
      );
      return { atS: (Date.now() - startedAt) / 1000, rows: r.rows, bytes: Number(r.bytes), oldestS: r.oldest };
    };
    const samples: NonceSample[] = [];
    const look = async (label: string) => {
      const s = await sample();
      samples.push(s);
      console.log(describeSample(label, s));
    };
    await look('before');
    const file = join(dir, 'sessions.json');
    writeFileSync(file, JSON.stringify({ base: baseUrl, paths: MIXED_PATHS, tokens: sessions.tokens }));
    let done = false;
    const load = driveSessions(file, 3, minutes * 60).finally(() => (done = true));
    for (let minute = 1; minute <= minutes; minute += 1) {
      await Promise.race([load, new Promise((resolve) => setTimeout(resolve, 60_000))]);
      if (done) break;
      await look(`minute ${minute}`);
    }
    const result = await load;
    await look('after');
    console.log(describeResult('mixed traffic, whole soak', result));
    const verdict = soakVerdict(samples);
    console.log(
      verdict.bounded
        ? `  bounded: no row older than ${verdict.limitS} s in the ${verdict.judged} samples after the first prune was due (keep ${GATEWAY_SOAK_BOUNDS.keepS} s, prune every ${GATEWAY_SOAK_BOUNDS.pruneEveryS} s)`
        : `  NOT BOUNDED: ${verdict.over ? `a row ${Math.round(verdict.over.oldestS!)} s old at ${Math.round(verdict.over.atS)} s (limit ${verdict.limitS} s)` : 'no sample after the first prune was due'}`,
    );
    if (!result.valid || !verdict.bounded) process.exitCode = 1;
  } finally {
    await endSessions(db, sessions);
    await db.end();
    rmSync(dir, { recursive: true, force: true });
  }
}

function viteBuild() {
  const built = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (built.status !== 0) throw new Error('vite build failed');
}

async function main() {
  if (args.includes('--scale')) {
    const databaseUrl = process.env.DATABASE_URL;
    if (!databaseUrl)
      throw new Error('bench --scale measures PostgreSQL: set DATABASE_URL (and run npm run seed:scale first)');
    if (args.includes('--curve')) {
      const sizes = flagValue('--curve', '1000,10000,100000').split(',').map(Number);
      if (!sizes.length || sizes.some((n) => !Number.isInteger(n) || n < 1))
        throw new Error('--curve takes sizes such as 1000,10000,100000');
      await curveFigures(databaseUrl, sizes);
      return;
    }
    const gateway = await startGateway();
    // The gateway's pruning timer started before it answered: samples are judged late, not early.
    const startedAt = Date.now();
    try {
      if (args.includes('--nonce-soak')) {
        const minutes = Number(flagValue('--nonce-soak', '10'));
        if (!Number.isInteger(minutes) || minutes < 1) throw new Error('--nonce-soak takes a whole number of minutes');
        await nonceSoak(gateway.baseUrl, databaseUrl, startedAt, minutes);
      } else {
        await scaleFigures(gateway.baseUrl, databaseUrl);
      }
    } finally {
      await gateway.stop();
    }
    return;
  }
  if (args.includes('--compare')) {
    const other = flagValue('--compare', '');
    if (!other || !existsSync(join(other, 'index.html')))
      throw new Error(
        `--compare takes the directory of a build to compare against, with its index.html (got "${other}"): see docs/performance.md, "How to compare two builds"`,
      );
    if (!args.includes('--skip-build')) viteBuild();
    await compareBuilds({
      dists: { old: resolve(other), new: resolve('dist') },
      runs,
      screens: flagValue('--screens', '').split(',').filter(Boolean),
      chromium: CHROMIUM_PATH,
      flags: CHROMIUM_ARGS,
      userAgent: WECHAT_UA,
    });
    return;
  }
  await buildFigures();
  viteBuild();
  const gateway = await startGateway();
  try {
    await browserFigures(gateway.baseUrl);
    if (!args.includes('--skip-lighthouse')) await lighthouseFigures(gateway.baseUrl);
    if (!args.includes('--skip-returning')) {
      await returningFigures({
        baseUrl: gateway.baseUrl,
        chromium: CHROMIUM_PATH,
        flags: CHROMIUM_ARGS,
        userAgent: WECHAT_UA,
        runs,
        lighthouse: !args.includes('--skip-lighthouse'),
        taps: benchTaps,
      });
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
