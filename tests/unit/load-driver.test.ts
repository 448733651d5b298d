/**
 * The bench's load generator (scripts/load-driver.ts) draws its nonces from a pool of random
 * bytes. Every request must still carry a nonce of its own that the gateway accepts, also
 * across a refill of the pool, or the bench would measure refusals. And every answer's envelope
 * is read: a run with any answer other than code 200 is invalid (docs/product.md §12.8).
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  bareEnvelope,
  bareRoute,
  describeResult,
  driveResult,
  envelopeCode,
  EnvelopeTally,
  FreshRequests,
  run,
  runFresh,
  sessionRequests,
  signedHeaders,
} from '../../scripts/load-driver';

describe('the load driver signs each request as the portal does', () => {
  it('gives every request a fresh 32-hex nonce, across refills of its pool', () => {
    const nonces = Array.from({ length: 2_500 }, () => signedHeaders().nonce);
    for (const nonce of nonces) expect(nonce).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(nonces).size).toBe(nonces.length);
  });

  it('sends the current time, the client headers and the bearer token', () => {
    const before = Date.now();
    const headers = signedHeaders('t0ken');
    expect(Number(headers.timestamp)).toBeGreaterThanOrEqual(before);
    expect(Number(headers.timestamp)).toBeLessThanOrEqual(Date.now());
    expect(headers).toMatchObject({ clientType: 'H5', clientVersion: '2.2.1', Authorization: 'Bearer t0ken' });
    expect(signedHeaders()).not.toHaveProperty('Authorization');
  });

  it('drives a loopback server through autocannon, every request with its own nonce and the current time', async () => {
    // Its size in bytes, not in characters, is what the bare route is given (decision 0042).
    const ANSWER = '{"code":200,"desc":"成功"}';
    const seen: { url?: string; headers: IncomingHttpHeaders; at: number }[] = [];
    const server = createServer((req, res) => {
      seen.push({ url: req.url, headers: req.headers, at: Date.now() });
      res.end(ANSWER);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const started = Date.now();
    try {
      const result = await run(
        `http://127.0.0.1:${port}/gateway/user/noticeInfo/list?pageNum=1&pageSize=10`,
        1,
        't0ken-t0ken-t0ken',
      );
      expect(result.non2xx + result.errors).toBe(0);
      const figures = driveResult(result);
      expect(figures.valid).toBe(true);
      expect(figures.codes).toEqual({ 200: figures.answers });
      expect(figures.answers).toBeGreaterThan(50);
      expect(figures.bytes).toBe(Buffer.byteLength(ANSWER));
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    expect(seen.length).toBeGreaterThan(50);
    // The time of each request, not of the run's start: a 1 s run spans many milliseconds.
    const timestamps = seen.map((s) => Number(s.headers.timestamp));
    expect(new Set(timestamps).size).toBeGreaterThan(1);
    const nonces = new Set(seen.map((s) => s.headers.nonce));
    expect(nonces.size).toBe(seen.length);
    for (const { url, headers, at } of seen) {
      expect(Number(headers.timestamp)).toBeGreaterThanOrEqual(started);
      expect(Number(headers.timestamp)).toBeLessThanOrEqual(at);
      expect(url).toBe('/gateway/user/noticeInfo/list?pageNum=1&pageSize=10');
      expect(headers).toMatchObject({
        host: `127.0.0.1:${port}`,
        clienttype: 'H5',
        clientversion: '2.2.1',
        authorization: 'Bearer t0ken-t0ken-t0ken',
      });
      expect(headers.nonce).toMatch(/^[0-9a-f]{32}$/);
    }
  });

  it("pads the bare route's envelope to the size of the answers it is set beside", () => {
    const unpadded = JSON.stringify(bareEnvelope());
    expect(envelopeCode(200, unpadded)).toBe('200');
    for (const bytes of [unpadded.length + 1, 312, 2_917]) {
      const text = JSON.stringify(bareEnvelope(bytes));
      expect(Buffer.byteLength(text)).toBe(bytes);
      expect(envelopeCode(200, text)).toBe('200');
    }
    // A size below the envelope's own is the envelope as it is.
    expect(JSON.stringify(bareEnvelope(10))).toBe(unpadded);
  });

  it('keeps the sizes of a sample of the answers, of every kind the run had', () => {
    const tally = new EnvelopeTally();
    const small = '{"code":200,"desc":"success","obj":1}';
    const page = `{"code":200,"desc":"success","obj":"${'消息'.repeat(500)}"}`;
    for (let i = 0; i < 10_000; i += 1) tally.add(200, i % 2 ? page : small);
    expect(tally.sizes.length).toBeGreaterThan(50);
    expect(tally.sizes.length).toBeLessThan(200);
    expect(new Set(tally.sizes)).toEqual(new Set([Buffer.byteLength(small), Buffer.byteLength(page)]));
  });

  it('answers the sizes it is given in turn, each as an envelope', async () => {
    const app = bareRoute([120, 3_000, 120, 700]);
    try {
      const sizes = [];
      for (let i = 0; i < 6; i += 1) {
        const { statusCode, body } = await app.inject({ method: 'GET', url: '/hello' });
        expect(envelopeCode(statusCode, body)).toBe('200');
        sizes.push(Buffer.byteLength(body));
      }
      expect(sizes).toEqual([120, 3_000, 120, 700, 120, 3_000]);
      const unpadded = bareRoute([]);
      expect((await unpadded.inject({ method: 'GET', url: '/hello' })).body).toBe(JSON.stringify(bareEnvelope()));
      await unpadded.close();
    } finally {
      await app.close();
    }
  });

  it('reads the envelope code of an answer, from its head or parsed whole', () => {
    expect(envelopeCode(200, '{"code":200,"desc":"success","obj":{"list":[]}}')).toBe('200');
    expect(envelopeCode(200, '{"code":401,"desc":"\\u8bf7\\u767b\\u5f55","obj":null}')).toBe('401');
    expect(envelopeCode(200, '{ "desc": "x", "code": 10001 }')).toBe('10001');
    expect(envelopeCode(200, '{"hello":"world"}')).toBe('unreadable');
    expect(envelopeCode(200, '<html>')).toBe('unreadable');
    expect(envelopeCode(500, '{"code":200}')).toBe('http 500');
  });

  it('reports a run invalid, with the count by code, when some answers are code 401 inside HTTP 200', async () => {
    let answered = 0;
    const server = createServer((_req, res) => {
      answered += 1;
      // One answer in seven is a refusal that only its envelope tells apart.
      res.end(
        answered % 7 === 0 ? '{"code":401,"desc":"replayed","obj":null}' : '{"code":200,"desc":"success","obj":{}}',
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const result = await run(`http://127.0.0.1:${port}/gateway/user/noticeInfo/count`, 1, 't0ken');
      expect(result.non2xx + result.errors).toBe(0);
      const figures = driveResult(result);
      expect(figures.valid).toBe(false);
      expect(Object.keys(figures.codes).sort()).toEqual(['200', '401']);
      expect(figures.codes['401']).toBeGreaterThan(0);
      expect(figures.codes['200'] + figures.codes['401']).toBe(figures.answers);
      expect(figures.answers).toBeGreaterThan(50);
      expect(figures.answers).toBeLessThanOrEqual(answered);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('sends the session paths as one customer after another, each request with its own nonce', () => {
    const next = sessionRequests('http://127.0.0.1:9', ['/a', '/b'], ['t1', 't2', 't3']);
    const sent = Array.from({ length: 8 }, () => next().toString('latin1'));
    const seen = sent.map((text) => `${text.split(' ')[1]} ${/Authorization: Bearer (\w+)/.exec(text)?.[1]}`);
    expect(seen).toEqual(['/a t1', '/b t1', '/a t2', '/b t2', '/a t3', '/b t3', '/a t1', '/b t1']);
    const nonces = sent.map((text) => /\r\nnonce: ([0-9a-f]{32})\r\n/.exec(text)?.[1]);
    expect(new Set(nonces).size).toBe(sent.length);
  });

  it('sends each fresh record once, in turn, as a signed POST of its body', () => {
    const items = [
      { token: 't1', body: '{"rightId":11}' },
      { token: 't2', body: '{"consumeId":7,"content":"服务很好"}' },
      { token: 't3', body: '{"rightId":13}' },
    ];
    const fresh = new FreshRequests('http://127.0.0.1:9/gateway/permConsume/writeOff', items);
    const sent = Array.from({ length: 3 }, () => fresh.next());
    expect(fresh.ranOut).toBe(false);
    sent.forEach((bytes, k) => {
      const [head, body] = bytes.toString('utf8').split('\r\n\r\n');
      expect(head.split('\r\n')[0]).toBe('POST /gateway/permConsume/writeOff HTTP/1.1');
      expect(head).toContain(`Authorization: Bearer ${items[k].token}\r\n`);
      expect(head).toContain('Content-Type: application/json\r\n');
      expect(head).toContain(`Content-Length: ${Buffer.byteLength(items[k].body)}\r\n`);
      expect(body).toBe(items[k].body);
    });
    const nonces = sent.map((b) => /\r\nnonce: ([0-9a-f]{32})\r\n/.exec(b.toString('latin1'))?.[1]);
    expect(new Set(nonces).size).toBe(3);
    fresh.next();
    expect(fresh.ranOut).toBe(true);
  });

  it('writes every fresh record once through autocannon, and a run that runs out of them is invalid', async () => {
    const bodies: string[] = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk));
      req.on('end', () => {
        bodies.push(body);
        res.end('{"code":200,"desc":"success","obj":{}}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const url = `http://127.0.0.1:${port}/gateway/permConsume/evaluate`;
    const items = (n: number) =>
      Array.from({ length: n }, (_, k) => ({
        token: `t${k % 7}`,
        body: JSON.stringify({ consumeId: k + 1, score: 5 }),
      }));
    try {
      const plenty = new FreshRequests(url, items(200_000));
      const ok = driveResult(await runFresh(url, plenty, 1), plenty);
      expect(ok.valid).toBe(true);
      // As fast as answered: no rate, so the bench gives its throughput as a ratio.
      expect(ok).not.toHaveProperty('rate');
      expect(ok.fresh).toEqual({ used: plenty.used, available: 200_000 });
      expect(bodies.length).toBeGreaterThan(50);
      expect(new Set(bodies).size).toBe(bodies.length);

      // At a set rate: 1 s at 20 req/s sends a few dozen (autocannon may catch up a little on a
      // busy machine), where the run above sent as many as were answered, thousands.
      const before = bodies.length;
      const rated = new FreshRequests(url, items(200_000));
      // The library's result says the rate it was held to, as the command line's does.
      expect(driveResult(await runFresh(url, rated, 1, 20), rated)).toMatchObject({ valid: true, rate: 20 });
      expect(bodies.length - before).toBeGreaterThan(0);
      expect(bodies.length - before).toBeLessThanOrEqual(100);
      // Above the rated run's ceiling; how far above depends on how busy the machine is.
      expect(ok.answers).toBeGreaterThan(100);

      const few = new FreshRequests(url, items(20));
      const short = driveResult(await runFresh(url, few, 1), few);
      expect(short.codes).toEqual({ 200: short.answers });
      expect(short.valid).toBe(false);
      expect(describeResult('evaluation', short)).toMatch(/INVALID: .*fresh records ran out \(\d+ requests for 20\)/);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
