import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { Code } from '../../../contract/codes';
import { endpoints } from '../../../contract/endpoints';
import { buildApp } from '../app';
import type { Db } from '../db/index';
import { migrate } from '../db/migrate';
import { seed } from '../db/seed';
import { loggerOptions } from '../logger';
import { createSession } from '../routes/login';
import { freshDb, newNonce, testConfig } from '../test-helpers';
import { envelopeCodeOf } from './requests';

interface Line {
  msg: string;
  reqId?: string;
  res?: { statusCode: number; code?: number };
  req?: { remoteAddress?: string };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('request ids and the access log', () => {
  let app: FastifyInstance;
  let db: Db;
  let drop: () => Promise<void>;
  let token: string;
  const lines: Line[] = [];
  beforeAll(async () => {
    ({ db, drop } = await freshDb());
    await migrate(db);
    await seed(db);
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const text of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(text) as Line);
        done();
      },
    });
    app = await buildApp({ db, config: testConfig(), logger: { ...(loggerOptions('info') as object), stream } });
    token = await createSession(db, 'u-13800138000');
  });
  afterAll(async () => {
    await app.close();
    await drop();
  });

  const signed = (extra: Record<string, string> = {}) => ({
    nonce: newNonce(),
    timestamp: String(Date.now()),
    authorization: `Bearer ${token}`,
    ...extra,
  });
  const linesOf = (id: string) => lines.filter((l) => l.reqId === id);

  it('keep a sane incoming X-Request-Id: echoed, and in every log line of the request', async () => {
    const id = 'lb-7f3a.01_Z';
    const res = await app.inject({
      method: 'GET',
      url: endpoints.noticeCount,
      headers: signed({ 'x-request-id': id }),
    });
    expect(res.json().code).toBe(Code.ok);
    expect(res.headers['x-request-id']).toBe(id);
    const mine = linesOf(id);
    expect(mine.map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
    expect(mine[1].res).toEqual({ statusCode: 200, code: Code.ok });
  });

  it('replace a missing, long or odd X-Request-Id with a new UUID', async () => {
    const odd = ['x'.repeat(65), 'a b', 'id\u00e9', 'a/b', '"quoted"', ''];
    const seen = new Set<string>();
    for (const header of [undefined, ...odd]) {
      const headers = signed(header === undefined ? {} : { 'x-request-id': header });
      const res = await app.inject({ method: 'GET', url: endpoints.noticeCount, headers });
      const id = String(res.headers['x-request-id']);
      expect(id, JSON.stringify(header)).toMatch(UUID);
      expect(linesOf(id)).toHaveLength(2);
      seen.add(id);
    }
    expect(seen.size).toBe(odd.length + 1);
    expect(lines.some((l) => l.reqId === 'x'.repeat(65) || l.reqId === 'a b')).toBe(false);
    // Answered before any hook (a path the router cannot decode): the id all the same.
    const undecodable = await app.inject({
      method: 'GET',
      url: '/gateway/user/%E0%A4%A',
      headers: { 'x-request-id': 'odd-path-1' },
    });
    expect(undecodable.statusCode).toBe(400);
    expect(undecodable.headers['x-request-id']).toBe('odd-path-1');
    // 64 characters is still a sane token.
    const max = 'A'.repeat(64);
    expect(
      (await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': max } })).headers['x-request-id'],
    ).toBe(max);
  });

  it('put the envelope code in the access line, HTTP 200 or not', async () => {
    const cases: Array<[string, () => Promise<{ headers: Record<string, unknown> }>, number, number]> = [
      [
        'refusal',
        () => app.inject({ method: 'GET', url: endpoints.noticeCount, headers: signed({ authorization: '' }) }),
        200,
        Code.unauthorized,
      ],
      [
        'business refusal',
        () => app.inject({ method: 'POST', url: endpoints.writeOff, headers: signed(), payload: {} }),
        200,
        Code.businessError,
      ],
      // The list's refusal is answered by the guard stage, as every route's.
      [
        'list replay',
        () => app.inject({ method: 'GET', url: endpoints.noticeList, headers: signed({ nonce: 'replayed-nonce-1' }) }),
        200,
        Code.ok,
      ],
      [
        'list replayed',
        () => app.inject({ method: 'GET', url: endpoints.noticeList, headers: signed({ nonce: 'replayed-nonce-1' }) }),
        200,
        Code.unauthorized,
      ],
      ['unknown path', () => app.inject({ method: 'GET', url: '/gateway/user/nope' }), 404, Code.notFound],
      [
        'malformed JSON',
        () =>
          app.inject({
            method: 'POST',
            url: endpoints.evaluate,
            headers: { ...signed(), 'content-type': 'application/json' },
            payload: '{"a":',
          }),
        400,
        Code.badRequest,
      ],
    ];
    for (const [name, send, statusCode, code] of cases) {
      const res = await send();
      const done = linesOf(String(res.headers['x-request-id'])).find((l) => l.msg === 'request completed');
      expect(done?.res, name).toEqual({ statusCode, code });
    }
    // Not an envelope: no code.
    const file = await app.inject({ method: 'GET', url: '/jsons/indexConfig.json' });
    expect(linesOf(String(file.headers['x-request-id'])).find((l) => l.msg === 'request completed')?.res).toEqual({
      statusCode: 200,
    });
  });
});

describe('envelopeCodeOf', () => {
  it('reads the code of a serialised envelope, and nothing else', () => {
    expect(envelopeCodeOf('{"code":200,"desc":"成功","obj":null}')).toBe(200);
    expect(envelopeCodeOf('{"code":10001,"desc":"x","obj":null}')).toBe(10001);
    expect(envelopeCodeOf('{"status":"ready"}')).toBeNull();
    expect(envelopeCodeOf('{"code":"x"}')).toBeNull();
    expect(envelopeCodeOf(Buffer.from('{"code":200}'))).toBeNull();
    expect(envelopeCodeOf(undefined)).toBeNull();
  });
});
