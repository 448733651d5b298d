/**
 * The load side of `npm run bench`, run in processes of its own so the load
 * generator and the bare route neither share an event loop with each other nor with the
 * bench's browser tooling:
 *
 *   tsx scripts/load-driver.ts hello PORT [SIZES]             a bare Fastify GET /hello on 127.0.0.1
 *   tsx scripts/load-driver.ts drive URL WARMUP SECONDS [TOKEN]  autocannon, 50 connections
 *   tsx scripts/load-driver.ts sessions FILE WARMUP SECONDS      the same, many customers and paths
 *   tsx scripts/load-driver.ts fresh FILE WARMUP SECONDS         POSTs, each on a record of its own
 *
 * `drive` prints one line of JSON ({ rps, p50, p99, errors, answers, bytes, codes, valid }). Every
 * answer's envelope code is read (docs/product.md §12.8): a run in which any answer
 * was not HTTP 200 with code 200 is invalid, and says how many answers had which code.
 * Loopback only, bounded in time.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { CLIENT_TYPE, CLIENT_VERSION, Header } from '../contract/endpoints';

/**
 * Random hex drawn from the CSPRNG for 1,024 nonces at a time: one `randomBytes` call per
 * request was a tenth of the load generator's CPU, which shares the two cores with the
 * gateway and PostgreSQL it measures. Each nonce is still 16 random bytes of its own.
 */
let noncePool = '';
let noncePoolAt = 0;
function freshNonce(): string {
  if (noncePoolAt === noncePool.length) {
    noncePool = randomBytes(16 * 1024).toString('hex');
    noncePoolAt = 0;
  }
  noncePoolAt += 32;
  return noncePool.slice(noncePoolAt - 32, noncePoolAt);
}

/** The docs/product.md §7 headers that stay the same from request to request. */
function fixedHeaders(token?: string): Record<string, string> {
  return {
    [Header.clientType]: CLIENT_TYPE,
    [Header.clientVersion]: CLIENT_VERSION,
    ...(token ? { [Header.authorization]: `Bearer ${token}` } : {}),
  };
}

/** The docs/product.md §7 headers with a fresh nonce and timestamp (and the bearer token when given). */
export function signedHeaders(token?: string): Record<string, string> {
  return { [Header.nonce]: freshNonce(), [Header.timestamp]: String(Date.now()), ...fixedHeaders(token) };
}

/**
 * A GET request's bytes as the portal would send them, with a fresh nonce and timestamp each
 * time it is called: the text around them is joined once, not per request.
 */
export function signedRequest(url: string, token?: string): () => Buffer {
  const { host, pathname, search } = new URL(url);
  const fixed = Object.entries(fixedHeaders(token)).map(([name, value]) => `${name}: ${value}\r\n`);
  const head = `GET ${pathname}${search} HTTP/1.1\r\nHost: ${host}\r\nConnection: keep-alive\r\n${fixed.join('')}${Header.nonce}: `;
  const middle = `\r\n${Header.timestamp}: `;
  return () => Buffer.from(`${head}${freshNonce()}${middle}${Date.now()}\r\n\r\n`, 'latin1');
}

/**
 * A POST of a JSON body as the portal sends it, signed afresh each time it is called. The body
 * is UTF-8 (its length in bytes), the head latin1 as for `signedRequest`.
 */
export function signedPost(url: string, token: string, body: string): () => Buffer {
  const { host, pathname, search } = new URL(url);
  const bytes = Buffer.from(body, 'utf8');
  const fixed = Object.entries(fixedHeaders(token)).map(([name, value]) => `${name}: ${value}\r\n`);
  const head =
    `POST ${pathname}${search} HTTP/1.1\r\nHost: ${host}\r\nConnection: keep-alive\r\n${fixed.join('')}` +
    `Content-Type: application/json\r\nContent-Length: ${bytes.length}\r\n${Header.nonce}: `;
  const middle = `\r\n${Header.timestamp}: `;
  return () => Buffer.concat([Buffer.from(`${head}${freshNonce()}${middle}${Date.now()}\r\n\r\n`, 'latin1'), bytes]);
}

/** A write on a record of its own: the customer's token and the JSON body naming the record. */
export interface FreshItem {
  token: string;
  body: string;
}

/**
 * Write requests on fresh records (docs/product.md §12.8): request k is `items[k]`,
 * so no record is written twice. A write-off of a right that already has its code answers
 * that code again, and a second evaluation is refused: both would measure something else.
 * When the items run out the requests wrap around, and `ranOut` makes the run invalid.
 */
export class FreshRequests {
  used = 0;
  constructor(
    private readonly url: string,
    private readonly items: readonly FreshItem[],
  ) {
    if (!items.length) throw new Error(`no fresh records for ${url}`);
  }

  get available() {
    return this.items.length;
  }

  get ranOut() {
    return this.used > this.items.length;
  }

  readonly next = (): Buffer => {
    const { token, body } = this.items[this.used % this.items.length];
    this.used += 1;
    return signedPost(this.url, token, body)();
  };
}

/**
 * NOTE: autocannon (9.0.0, pinned) has no public way to give a request new headers each time
 * but `setupRequest`, after which it rebuilds the request from an object on every request
 * (two `Object.assign`s, a header walk, a join): a fifth of the load generator's CPU, which
 * shares the two cores with the gateway and PostgreSQL it measures (docs/performance.md,
 * "The load generator builds each request from fixed text"). A request that carries `signed` gets its bytes from it instead; every other
 * request is built as before. `tests/unit/load-driver.test.ts` drives a server with it, so an
 * autocannon upgrade that moves this hook fails there.
 */
type SignedRequest = { signed?: () => Buffer; requestBuffer?: Buffer };
const { prototype: iterator } = createRequire(import.meta.url)('autocannon/lib/requestIterator.js') as {
  prototype: { currentRequest?: SignedRequest; resetted: boolean; rebuildRequest(): Buffer | null };
};
const rebuildRequest = iterator.rebuildRequest;
iterator.rebuildRequest = function (this: typeof iterator) {
  const signed = this.currentRequest?.signed;
  if (!signed) return rebuildRequest.call(this);
  this.resetted = false;
  return (this.currentRequest!.requestBuffer = signed());
};

/** What `drive` prints. */
export interface DriveResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** Answers whose envelope was read: every answer of the run. */
  answers: number;
  /** The answers' mean body size in bytes. */
  bytes: number;
  /** Body sizes of a sample of the answers, in bytes: what the bare route answers in turn (decision 0042). */
  sizes: number[];
  /** Answers by envelope code; `http N` for an HTTP status other than 200, `unreadable` for no envelope. */
  codes: Record<string, number>;
  /** Every answer HTTP 200 with envelope code 200, no connection error, and no fresh record used twice. */
  valid: boolean;
  /** Write runs: fresh records used (warm-up included) and how many there were. */
  fresh?: { used: number; available: number };
  /** Requests a second the run was held to: a latency figure, not a throughput (no ratio). */
  rate?: number;
}

/**
 * The envelope code of an answer, as a key of `DriveResult.codes`. The gateway writes `code`
 * first (`{"code":200,…`), so the code is read from the head of the text without parsing the
 * page; any other text is parsed whole.
 */
export function envelopeCode(status: number, body: string): string {
  if (status !== 200) return `http ${status}`;
  const head = /^\{"code":(-?\d+)[,}]/.exec(body);
  if (head) return head[1];
  try {
    const code = (JSON.parse(body) as { code?: unknown } | null)?.code;
    return typeof code === 'number' ? String(code) : 'unreadable';
  } catch {
    return 'unreadable';
  }
}

/** One answer in this many, at random, has its size kept for the bare route (at most SIZES_KEPT). */
const SIZE_SAMPLED_ONE_IN = 100;
const SIZES_KEPT = 1_000;

/** Counts the answers of a run by envelope code, and their sizes. */
export class EnvelopeTally {
  readonly codes: Record<string, number> = {};
  readonly sizes: number[] = [];
  answers = 0;
  bodyBytes = 0;

  add(status: number, body: string) {
    const code = envelopeCode(status, body);
    this.codes[code] = (this.codes[code] ?? 0) + 1;
    this.answers += 1;
    const size = Buffer.byteLength(body);
    this.bodyBytes += size;
    // At random, not every Nth: the mixed traffic's paths come round in a fixed order.
    if (this.sizes.length < SIZES_KEPT && Math.random() * SIZE_SAMPLED_ONE_IN < 1) this.sizes.push(size);
  }

  /** True when every answer was code 200 (and there was at least one). */
  get allOk() {
    return this.answers > 0 && this.codes['200'] === this.answers;
  }
}

/**
 * The requests of a customer session: request i is `paths[i mod P]` as customer
 * `tokens[⌊i / P⌋ mod T]`, so each customer in turn goes through the paths (scale mode of
 * the bench: ≥ 10 000 customers), each request with a fresh nonce and timestamp.
 */
export function sessionRequests(base: string, paths: string[], tokens: string[]): () => Buffer {
  const signed = tokens.map((token) => paths.map((path) => signedRequest(`${base}${path}`, token)));
  let i = 0;
  return () => {
    const next = signed[Math.floor(i / paths.length) % tokens.length][i % paths.length];
    i += 1;
    return next();
  };
}

/** autocannon's 50 connections on `url` for `seconds`, each request signed afresh and each answer's envelope counted. */
export function run(url: string, seconds: number, token?: string) {
  return load(url, seconds, signedRequest(url, token));
}

/** As `run`, with the requests of `sessionRequests`. */
export function runSessions(base: string, paths: string[], tokens: string[], seconds: number) {
  return load(`${base}${paths[0]}`, seconds, sessionRequests(base, paths, tokens));
}

/**
 * As `run`, each request a POST on the next of `fresh`'s records; with `rate`, at most that
 * many requests a second over all connections (the latency at a given load, not at saturation).
 */
export function runFresh(url: string, fresh: FreshRequests, seconds: number, rate?: number) {
  return load(url, seconds, fresh.next, rate);
}

async function load(url: string, seconds: number, signed: () => Buffer, rate?: number) {
  if (!/^http:\/\/(127\.0\.0\.1|localhost)[:/]/.test(url)) throw new Error(`load goes to loopback only, not ${url}`);
  const envelopes = new EnvelopeTally();
  // A `setupRequest` makes autocannon rebuild the request every time; `signed` builds it.
  // autocannon collects every answer's body as text anyway; `onResponse` hands it over.
  const request: autocannon.Request & SignedRequest = {
    method: 'GET',
    setupRequest: (r) => r,
    signed,
    onResponse: (status, body) => envelopes.add(status, body),
  };
  const result = await autocannon({ url, connections: 50, duration: seconds, requests: [request], overallRate: rate });
  return Object.assign(result, { envelopes, rate });
}

/** The figures of a measured run, valid only if every answer was code 200. */
export function driveResult(r: Awaited<ReturnType<typeof run>>, fresh?: FreshRequests): DriveResult {
  const errors = r.errors + r.non2xx;
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors,
    answers: r.envelopes.answers,
    bytes: r.envelopes.answers ? Math.round(r.envelopes.bodyBytes / r.envelopes.answers) : 0,
    sizes: r.envelopes.sizes,
    codes: r.envelopes.codes,
    valid: errors === 0 && r.envelopes.allOk && !fresh?.ranOut,
    ...(fresh ? { fresh: { used: fresh.used, available: fresh.available } } : {}),
    ...(r.rate === undefined ? {} : { rate: r.rate }),
  };
}

/** One line for a result: the figures, or INVALID with the answers by code. */
export function describeResult(name: string, r: DriveResult): string {
  const codes = Object.entries(r.codes)
    .map(([code, n]) => `${code}: ${n}`)
    .join(', ');
  const ranOut =
    r.fresh && r.fresh.used > r.fresh.available
      ? `, fresh records ran out (${r.fresh.used} requests for ${r.fresh.available})`
      : '';
  if (!r.valid)
    return `  ${name.padEnd(46)} INVALID: ${r.answers} answers by code {${codes}}, ${r.errors} errors${ranOut}`;
  return `  ${name.padEnd(46)} ${r.rps.toFixed(0).padStart(7)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms  (${r.answers} answers of ${r.bytes} B, all code 200)`;
}

/** The bare route's answer: an envelope (so the same check reads it), padded to `bytes` of JSON when asked. */
export function bareEnvelope(bytes = 0): { code: 200; desc: string; obj: Record<string, string> } {
  const unpadded = { code: 200 as const, desc: 'success', obj: { hello: 'world' } };
  const shortBy = bytes - JSON.stringify(unpadded).length;
  return shortBy > 0 ? { ...unpadded, obj: { hello: `world${'x'.repeat(shortBy)}` } } : unpadded;
}

/**
 * The bare Fastify route: GET /hello answers envelopes of `sizes` bytes in turn (the sizes of a
 * figure's answers, so the figure is set beside a route moving as many bytes: decision 0042), or
 * the 55-byte envelope. The answers are built once, as a bare route's would be.
 */
export function bareRoute(sizes: number[]) {
  const app = Fastify({ logger: false });
  const built = new Map<number, ReturnType<typeof bareEnvelope>>();
  const answers = (sizes.length ? sizes : [0]).map((size) => {
    if (!built.has(size)) built.set(size, bareEnvelope(size));
    return built.get(size)!;
  });
  let next = 0;
  app.get('/hello', async () => answers[next++ % answers.length]);
  return app;
}

async function main([mode, ...args]: string[]) {
  if (mode === 'hello') {
    const app = bareRoute(args[1] === undefined ? [] : args[1].split(',').map(Number));
    await app.listen({ port: Number(args[0]), host: '127.0.0.1' });
    console.log('ready');
    return;
  }
  if (mode === 'drive') {
    const [url, warmup, seconds, token] = args;
    await run(url, Number(warmup), token);
    const result = driveResult(await run(url, Number(seconds), token));
    if (!result.valid) console.error(describeResult(url, result));
    console.log(JSON.stringify(result));
    return;
  }
  if (mode === 'sessions') {
    // FILE: JSON { base, paths, tokens } (10 000 tokens do not fit an argument list).
    const [file, warmup, seconds] = args;
    const { base, paths, tokens } = JSON.parse(readFileSync(file, 'utf8')) as {
      base: string;
      paths: string[];
      tokens: string[];
    };
    await runSessions(base, paths, tokens, Number(warmup));
    const result = driveResult(await runSessions(base, paths, tokens, Number(seconds)));
    if (!result.valid) console.error(describeResult(paths.join(' '), result));
    console.log(JSON.stringify(result));
    return;
  }
  if (mode === 'fresh') {
    // FILE: JSON { url, items: [{ token, body }] }; the warm-up and the run share the records.
    // RATE: requests a second over all connections, warm-up included; none: as fast as answered.
    const [file, warmup, seconds, rate] = args;
    const { url, items } = JSON.parse(readFileSync(file, 'utf8')) as { url: string; items: FreshItem[] };
    const fresh = new FreshRequests(url, items);
    const perSecond = rate === undefined ? undefined : Number(rate);
    await runFresh(url, fresh, Number(warmup), perSecond);
    const result = driveResult(await runFresh(url, fresh, Number(seconds), perSecond), fresh);
    if (!result.valid) console.error(describeResult(url, result));
    console.log(JSON.stringify(result));
    return;
  }
  throw new Error(
    'usage: load-driver.ts hello PORT [SIZE,SIZE…] | drive URL WARMUP SECONDS [TOKEN] | sessions FILE WARMUP SECONDS | fresh FILE WARMUP SECONDS [RATE]',
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
