/**
 * The drain of a real gateway process (`npm start`'s arguments, PGlite in a fresh folder):
 * a request in flight at SIGTERM finishes, /readyz says 503 at once, the process exits 0
 * within SHUTDOWN_GRACE_MS, or 1 at the grace when a request never ends.
 */
import fs from 'node:fs';
import http from 'node:http';
import Fastify from 'fastify';
import { Code } from '../../../contract/codes';
import { endpoints } from '../../../contract/endpoints';
import { freePort, type GatewayProcess, startGateway } from '../../../scripts/gateway-process';
import { seededDataDir } from '../test-helpers';
import { drainer, type Signal } from './shutdown';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * POST /sso/sms with only the start of its body sent: the request is in flight until
 * `finish()` sends the rest.
 */
function slowRequest(port: number, phone: string) {
  const body = JSON.stringify({ phone });
  const req = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: endpoints.ssoSms,
    agent: false,
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
  });
  answer.catch(() => {});
  req.write(body.slice(0, 5));
  return { answer, finish: () => req.end(body.slice(5)) };
}

function exitOf(gateway: GatewayProcess) {
  return new Promise<{ code: number | null; at: number }>((resolve) =>
    gateway.child.once('exit', (code) => resolve({ code, at: Date.now() })),
  );
}

// Each case runs a gateway process of its own: they run side by side.
describe('drain on SIGTERM (a gateway process)', { concurrent: true }, () => {
  const started: GatewayProcess[] = [];
  const dataDirs: string[] = [];
  afterAll(async () => {
    for (const gateway of started) await gateway.stop();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  });
  /** A gateway process on a folder already migrated and seeded. */
  async function start(env: Record<string, string>) {
    const dataDir = await seededDataDir();
    dataDirs.push(dataDir);
    const gateway = await startGateway({ env: { DATA_DIR: dataDir, ...env }, capture: true });
    started.push(gateway);
    return gateway;
  }

  it('readiness 503 at once, the request in flight finishes with 200, exit 0 within the grace', async () => {
    const metricsPort = await freePort();
    const gateway = await start({
      SHUTDOWN_DELAY_MS: '3000',
      SHUTDOWN_GRACE_MS: '30000',
      METRICS_PORT: String(metricsPort),
    });
    expect((await fetch(`${gateway.baseUrl}/readyz`)).status).toBe(200);
    // The metrics listener: its own port; the scraper's keep-alive connection does not hold the exit.
    const scrape = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(scrape.status).toBe(200);
    expect(await scrape.text()).toMatch(
      /^gateway_http_requests_total\{route="\/readyz",method="GET",status="200",code="none"\} 1$/m,
    );
    const inFlight = slowRequest(gateway.port, '13612340001');
    await sleep(300);
    const exited = exitOf(gateway);
    gateway.child.kill('SIGTERM');

    // "At once" is "while the listener still serves, in the delay": a 503 that arrives at all
    // came before the listener closed (a readiness that changed only at close would be refused).
    let ready = await fetch(`${gateway.baseUrl}/readyz`);
    while (ready.status === 200) ready = await fetch(`${gateway.baseUrl}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'unavailable', reason: 'draining' });
    // The process's output arrives through a pipe, on its own schedule.
    await vi.waitFor(() => expect(gateway.output()).toMatch(/"reason":"draining","msg":"not ready"/), {
      timeout: 10_000,
    });
    // Past the delay the listener is closed: the load balancer's next connection goes elsewhere,
    // while the request in flight holds the process.
    const refused = () =>
      fetch(`${gateway.baseUrl}/healthz`).then(
        () => false,
        () => true,
      );
    while (!(await refused())) await sleep(200);
    expect(gateway.child.exitCode).toBeNull();

    inFlight.finish();
    const answer = await inFlight.answer;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body).code).toBe(Code.ok);
    // 0, not the 1 of a drain cut at the grace.
    expect((await exited).code).toBe(0);
  }, 120_000);

  it('past SHUTDOWN_GRACE_MS a request that never ends is cut and the exit code is 1', async () => {
    const gateway = await start({ SHUTDOWN_GRACE_MS: '2000' });
    const stuck = slowRequest(gateway.port, '13612340002');
    await sleep(300);
    const exited = exitOf(gateway);
    const signalled = Date.now();
    gateway.child.kill('SIGTERM');
    const { code, at } = await exited;
    expect(code).toBe(1);
    // At the grace: not before it, and not never (a drain that waits for ever ends in the test's timeout).
    expect(at - signalled).toBeGreaterThanOrEqual(1900);
    await expect(stuck.answer).rejects.toThrow();
    await vi.waitFor(
      () => expect(gateway.output()).toMatch(/"msg":"drain took longer than SHUTDOWN_GRACE_MS: cutting/),
      { timeout: 10_000 },
    );
  }, 120_000);
});

describe('drainer', () => {
  /** A bare listening app; resolves with the exit code and how long the drain took. */
  async function drain(signal: Signal, delayMs: number) {
    const app = Fastify();
    app.decorate('lifecycle', { draining: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const cleanup = vi.fn(async () => {});
    const started = Date.now();
    let midway: boolean | undefined;
    const probe = setTimeout(() => (midway = app.server.listening), delayMs / 2);
    const code = await new Promise<number>((exit) => {
      const run = drainer(app, { graceMs: 5000, delayMs, cleanup, exit });
      void run(signal);
      expect(app.lifecycle.draining).toBe(true);
      // A second signal changes nothing.
      void run('SIGINT');
    });
    clearTimeout(probe);
    expect(cleanup).toHaveBeenCalledOnce();
    return { code, ms: Date.now() - started, midway, listening: app.server.listening };
  }

  it('after SIGTERM keeps listening for the delay, then closes and exits 0', async () => {
    const { code, ms, midway, listening } = await drain('SIGTERM', 600);
    expect(code).toBe(0);
    expect(midway).toBe(true);
    expect(ms).toBeGreaterThanOrEqual(590);
    expect(listening).toBe(false);
  });

  it('after SIGINT (a terminal) skips the delay', async () => {
    // A delay of ten minutes against a wait of 20 s: a drain that kept the delay loses by far.
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise((resolve) => (timer = setTimeout(resolve, 20_000, 'waited for the delay')));
    const ended = await Promise.race([drain('SIGINT', 600_000), waited]);
    clearTimeout(timer);
    expect(ended).toMatchObject({ code: 0, listening: false });
  });
});
