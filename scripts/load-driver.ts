/**
 * The load side of `npm run bench` (issue 9), run in processes of its own so the load
 * generator and the bare route neither share an event loop with each other nor with the
 * bench's browser tooling:
 *
 *   tsx scripts/load-driver.ts hello PORT                     a bare Fastify GET /hello on 127.0.0.1
 *   tsx scripts/load-driver.ts drive URL WARMUP SECONDS [TOKEN]  autocannon, 50 connections
 *
 * `drive` prints one line of JSON ({ rps, p50, p99, errors }). Loopback only, bounded in time.
 */
import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import Fastify from 'fastify';

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

/** The SPEC §7 headers with a fresh nonce and timestamp (and the bearer token when given). */
export function signedHeaders(token?: string): Record<string, string> {
  return {
    nonce: freshNonce(),
    timestamp: String(Date.now()),
    clientType: 'H5',
    clientVersion: '2.2.1',
    ...(token ? { Authorization: `Bearer ${token}` } : {}),
  };
}

/** What `drive` prints. */
export interface DriveResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

function run(url: string, seconds: number, token?: string) {
  if (!/^http:\/\/(127\.0\.0\.1|localhost)[:/]/.test(url)) throw new Error(`load goes to loopback only, not ${url}`);
  return autocannon({
    url,
    connections: 50,
    duration: seconds,
    // Each request with its own nonce and timestamp (the gateway refuses a replay).
    // autocannon hands setupRequest a fresh copy of the request and its headers, so they are
    // filled in place rather than copied again.
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => {
          request.headers = Object.assign(request.headers ?? {}, signedHeaders(token));
          return request;
        },
      },
    ],
  });
}

async function main([mode, ...args]: string[]) {
  if (mode === 'hello') {
    const app = Fastify({ logger: false });
    app.get('/hello', async () => ({ hello: 'world' }));
    await app.listen({ port: Number(args[0]), host: '127.0.0.1' });
    console.log('ready');
    return;
  }
  if (mode === 'drive') {
    const [url, warmup, seconds, token] = args;
    await run(url, Number(warmup), token);
    const r = await run(url, Number(seconds), token);
    const result: DriveResult = {
      rps: r.requests.average,
      p50: r.latency.p50,
      p99: r.latency.p99,
      errors: r.errors + r.non2xx,
    };
    console.log(JSON.stringify(result));
    return;
  }
  throw new Error('usage: load-driver.ts hello PORT | drive URL WARMUP SECONDS [TOKEN]');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
