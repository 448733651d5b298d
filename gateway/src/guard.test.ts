import type { FastifyRequest } from 'fastify';
import { Code, Desc, REPLAY_WINDOW_MS } from '../../contract/codes';
import { endpoints } from '../../contract/endpoints';
import { bearerToken, refusalEnvelope, sha256 } from './guard';
import { createSession } from './routes/login';
import { createTestGateway, DEMO, newNonce, type TestGateway } from './test-helpers';

describe('guard: nonce, timestamp and bearer token on every A and B call', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await createTestGateway();
  });
  afterAll(() => gw.close());

  it('passes a signed call with a live token', async () => {
    const res = await gw.send('GET', endpoints.noticeCount, { as: 'customer' });
    expect(res.json).toMatchObject({ code: Code.ok, obj: { unreadCount: 5 } });
  });

  it('refuses a stale timestamp with the server time', async () => {
    const before = Date.now();
    for (const timestamp of [before - REPLAY_WINDOW_MS - 1000, before + REPLAY_WINDOW_MS + 5000]) {
      const res = await gw.send('GET', endpoints.noticeCount, { as: 'customer', timestamp });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ code: Code.unauthorized, desc: Desc.clock, obj: { reason: 'clock' } });
      const { serverTime } = res.json.obj as { serverTime: number };
      expect(serverTime).toBeGreaterThanOrEqual(before);
      expect(serverTime).toBeLessThanOrEqual(Date.now());
    }
  });

  it('accepts a timestamp 4 minutes off (inside the window)', async () => {
    const res = await gw.send('GET', endpoints.noticeCount, { as: 'customer', timestamp: Date.now() - 4 * 60_000 });
    expect(res.json.code).toBe(Code.ok);
  });

  it('accepts a timestamp exactly one window off, and refuses one a millisecond more', async () => {
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now);
    onTestFinished(() => vi.mocked(Date.now).mockRestore());
    for (const timestamp of [now - REPLAY_WINDOW_MS, now + REPLAY_WINDOW_MS])
      expect((await gw.send('GET', endpoints.noticeCount, { as: 'customer', timestamp })).json.code).toBe(Code.ok);
    for (const timestamp of [now - REPLAY_WINDOW_MS - 1, now + REPLAY_WINDOW_MS + 1])
      expect((await gw.send('GET', endpoints.noticeCount, { as: 'customer', timestamp })).json.obj).toEqual({
        reason: 'clock',
        serverTime: now,
      });
  });

  it('refuses a missing or non-numeric timestamp as a clock problem, and any form of now but its digits', async () => {
    const now = Date.now();
    const forms = [`0x${now.toString(16)}`, `${now / 1000}e3`, `${now}.5`, `+${now}`, `${now}, ${now}`];
    for (const timestamp of [null, 'yesterday', ...forms]) {
      const res = await gw.send('GET', endpoints.noticeCount, { as: 'customer', timestamp });
      expect(res.json).toMatchObject({ code: Code.unauthorized, obj: { reason: 'clock' } });
    }
  });

  it('refuses a reused nonce, also from another user and on another path', async () => {
    const nonce = newNonce();
    expect((await gw.send('GET', endpoints.noticeCount, { as: 'customer', nonce })).json.code).toBe(Code.ok);
    const again = await gw.send('GET', endpoints.noticeCount, { as: 'customer', nonce });
    expect(again.json).toMatchObject({ code: Code.unauthorized, desc: Desc.replay, obj: { reason: 'replay' } });
    const elsewhere = await gw.send('GET', endpoints.portalGetMore, { nonce });
    expect(elsewhere.json.obj).toEqual({ reason: 'replay' });
  });

  it('refuses a missing or malformed nonce', async () => {
    for (const nonce of [null, 'short', 'has spaces in it!!', `!!${'a'.repeat(16)}`, `${'a'.repeat(16)}!!`]) {
      const res = await gw.send('GET', endpoints.noticeCount, { as: 'customer', nonce });
      expect(res.json).toMatchObject({ code: Code.unauthorized, obj: { reason: 'replay' } });
    }
  });

  describe('on the notice list, decided before its batched read (decision 0030)', () => {
    const list = endpoints.noticeList;

    it('refuses a reused nonce on the list, without any notice', async () => {
      const nonce = newNonce();
      const first = await gw.send('GET', list, { as: 'customer', nonce, query: { pageNum: 1, pageSize: 10 } });
      expect(first.json.code).toBe(Code.ok);
      const again = await gw.send('GET', list, { as: 'customer', nonce, query: { pageNum: 1, pageSize: 10 } });
      expect(again.json).toEqual({ code: Code.unauthorized, desc: Desc.replay, obj: { reason: 'replay' } });
      // The list's nonce is the same table's: another route refuses it too.
      expect((await gw.send('GET', endpoints.noticeCount, { as: 'customer', nonce })).json.obj).toEqual({
        reason: 'replay',
      });
    });

    it('refuses an expired token with an empty page never read', async () => {
      const res = await gw.send('GET', list, {
        as: { token: 'z'.repeat(43) },
        query: { pageNum: 1, pageSize: 10, readFlag: 0 },
      });
      expect(res.json).toEqual({ code: Code.unauthorized, desc: Desc.tokenExpired, obj: { reason: 'token-expired' } });
    });

    it('still records the nonce when the input is invalid (10001), and a bad token still wins', async () => {
      const nonce = newNonce();
      const bad = await gw.send('GET', list, { as: 'customer', nonce, query: { pageNum: 0, pageSize: 10 } });
      expect(bad.json.code).toBe(Code.businessError);
      const replayed = await gw.send('GET', list, { as: 'customer', nonce, query: { pageNum: 1, pageSize: 10 } });
      expect(replayed.json.obj).toEqual({ reason: 'replay' });
      const refused = await gw.send('GET', list, { as: { token: 'q'.repeat(43) }, query: { pageNum: 0 } });
      expect(refused.json).toEqual({
        code: Code.unauthorized,
        desc: Desc.tokenExpired,
        obj: { reason: 'token-expired' },
      });
    });

    it('reads the caller’s own page, filtered or not', async () => {
      const all = await gw.send<{ total: number; list: Array<Record<string, unknown>> }>('GET', list, {
        as: 'customer',
        query: { pageNum: 1, pageSize: 50 },
      });
      const unread = await gw.send<{ total: number; list: unknown[] }>('GET', list, {
        as: 'customer',
        query: { pageNum: 1, pageSize: 50, readFlag: 0 },
      });
      expect(all.json.code).toBe(Code.ok);
      expect(all.json.obj.list).toHaveLength(all.json.obj.total);
      // Newest first, its time in Shanghai as the seed wrote it (formatted by PostgreSQL).
      expect(all.json.obj.list[0]).toMatchObject({
        id: 14,
        title: '平台用户协议已更新',
        createTime: '2026-10-01 09:00:00',
      });
      expect(unread.json.obj.total).toBeLessThan(all.json.obj.total);
      const agent = await gw.send<{ total: number }>('GET', list, { as: 'agent', query: { pageNum: 1, pageSize: 50 } });
      expect(agent.json.obj.total).not.toBe(all.json.obj.total);
    });
  });

  describe('shared by the requests of one event-loop turn (statementBatch, decisions 0014 and 0030)', () => {
    const list = endpoints.noticeList;
    type Page = { total: number; list: Array<{ id: number; readFlag: number }> };

    it('answers each request of a batch with its own guard and page, in one guard and one list statement', async () => {
      const query = vi.spyOn(gw.db, 'query');
      try {
        const shared = newNonce();
        const [customer, unread, second, agent, expired, first, replay] = await Promise.all([
          gw.send<Page>('GET', list, { as: 'customer', query: { pageNum: 1, pageSize: 50 } }),
          gw.send<Page>('GET', list, { as: 'customer', query: { pageNum: 1, pageSize: 50, readFlag: 0 } }),
          gw.send<Page>('GET', list, { as: 'customer', query: { pageNum: 2, pageSize: 3 } }),
          gw.send<Page>('GET', list, { as: 'agent', query: { pageNum: 1, pageSize: 50 } }),
          gw.send<Page>('GET', list, { as: { token: 'e'.repeat(43) }, query: { pageNum: 1, pageSize: 50 } }),
          gw.send<Page>('GET', list, { as: 'customer', nonce: shared, query: { pageNum: 1, pageSize: 1 } }),
          gw.send<Page>('GET', list, { as: 'customer', nonce: shared, query: { pageNum: 1, pageSize: 1 } }),
        ]);
        const guards = query.mock.calls.filter(([, , name]) => name === 'guard_batch');
        expect(guards).toHaveLength(1);
        // Six requests in it: the second use of the shared nonce was refused before it.
        expect(guards[0][1]?.[0]).toHaveLength(6);
        // Five reads: the expired token was refused by the guard stage, and read nothing.
        const pages = query.mock.calls.filter(([, , name]) => name === 'screen_read_batch');
        expect(pages).toHaveLength(1);
        const [c, a] = [DEMO.customer.userId, DEMO.agent.userId];
        expect(pages[0][1]?.[0]).toEqual(['notices', 'notices', 'notices', 'notices', 'notices']);
        expect(pages[0][1]?.[1]).toEqual([c, c, c, a, c]);

        const all = customer.json.obj;
        expect(all.list.map((n) => n.id)).toHaveLength(all.total);
        expect(unread.json.obj.list.every((n) => n.readFlag === 0)).toBe(true);
        expect(unread.json.obj.total).toBeLessThan(all.total);
        expect(second.json.obj.list.map((n) => n.id)).toEqual(all.list.slice(3, 6).map((n) => n.id));
        expect(agent.json.obj.total).not.toBe(all.total);
        expect(expired.json).toEqual({
          code: Code.unauthorized,
          desc: Desc.tokenExpired,
          obj: { reason: 'token-expired' },
        });
        expect(first.json.obj.list.map((n) => n.id)).toEqual([all.list[0].id]);
        expect(replay.json).toEqual({ code: Code.unauthorized, desc: Desc.replay, obj: { reason: 'replay' } });
      } finally {
        query.mockRestore();
      }
    });

    it('splits a turn of more than 64 requests into statements of at most 64', async () => {
      const query = vi.spyOn(gw.db, 'query');
      try {
        const answers = await Promise.all(
          Array.from({ length: 65 }, () => gw.send('GET', list, { as: 'agent', query: { pageNum: 1, pageSize: 1 } })),
        );
        expect(answers.every((res) => res.json.code === Code.ok)).toBe(true);
        const sizes = (statement: string) =>
          query.mock.calls
            .filter(([, , name]) => name === statement)
            .map(([, params]) => (params?.[0] as string[]).length);
        expect(sizes('guard_batch')).toEqual([64, 1]);
        expect(sizes('screen_read_batch')).toEqual([64, 1]);
      } finally {
        query.mockRestore();
      }
    });

    it('answers every request of a failed statement with the generic 500', async () => {
      const query = vi.spyOn(gw.db, 'query').mockRejectedValueOnce(new Error('connection lost'));
      try {
        const answers = await Promise.all(
          [1, 2].map(() => gw.send('GET', list, { as: 'customer', query: { pageNum: 1, pageSize: 10 } })),
        );
        for (const res of answers)
          expect(res.json).toEqual({ code: Code.serverError, desc: Desc.serverError, obj: null });
      } finally {
        query.mockRestore();
      }
    });
  });

  it('refuses a call without a token (no-token)', async () => {
    const res = await gw.send('GET', endpoints.noticeList);
    expect(res.json).toEqual({ code: Code.unauthorized, desc: Desc.noToken, obj: { reason: 'no-token' } });
  });

  it('refuses an unknown token (token-expired)', async () => {
    const res = await gw.send('GET', endpoints.noticeList, { as: { token: 'x'.repeat(43) } });
    expect(res.json).toEqual({ code: Code.unauthorized, desc: Desc.tokenExpired, obj: { reason: 'token-expired' } });
  });

  it('refuses an expired token (token-expired)', async () => {
    const token = await createSession(gw.db, DEMO.customer.userId);
    expect((await gw.send('GET', endpoints.noticeCount, { as: { token } })).json.code).toBe(Code.ok);
    await gw.db.query(`update sessions set expires_at = now() - interval '1 second' where token_hash = $1`, [
      sha256(token),
    ]);
    const res = await gw.send('GET', endpoints.noticeCount, { as: { token } });
    expect(res.json.obj).toEqual({ reason: 'token-expired' });
  });

  it('gives tokens a 7-day life and stores only their hash', async () => {
    const token = await createSession(gw.db, DEMO.agent.userId);
    const rows = await gw.db.query<{ days: number; n: number }>(
      `select round(extract(epoch from expires_at - created_at) / 86400)::int as days,
              (select count(*)::int from sessions where token_hash = $2) as n
         from sessions where token_hash = $1`,
      [sha256(token), token],
    );
    expect(rows[0]).toEqual({ days: 7, n: 0 });
  });

  it('lets public calls through without a token, and with a bad one', async () => {
    expect((await gw.send('GET', endpoints.portalGetMore)).json.code).toBe(Code.ok);
    expect((await gw.send('GET', endpoints.portalGetMore, { as: { token: 'y'.repeat(43) } })).json.code).toBe(Code.ok);
  });

  it('still checks nonce and timestamp on public calls', async () => {
    expect((await gw.send('GET', endpoints.portalGetMore, { timestamp: 1 })).json.obj).toMatchObject({
      reason: 'clock',
    });
    expect(
      (await gw.send('POST', endpoints.sendMq, { nonce: null, form: true, body: { eventCode: 'x', page: '/' } })).json
        .obj,
    ).toEqual({
      reason: 'replay',
    });
  });

  it('does not header-check /jsons, /sso, /admin', async () => {
    // A refusal is HTTP 200 too: the body tells the file from the refusal's envelope.
    const json = await gw.app.inject({ method: 'GET', url: '/jsons/indexConfig.json' });
    expect(json.statusCode).toBe(200);
    expect(json.json()).not.toHaveProperty('code');
    const sso = await gw.app.inject({
      method: 'GET',
      url: '/sso/login?redirect_url=http://localhost:8080/transferPage',
    });
    expect(sso.statusCode).toBe(200);
    expect(sso.body).toContain('<form id="sso-form"');
  });

  it('reads the bearer token strictly: one scheme word, 16 to 256 token characters, nothing after', () => {
    const token = 'T0k-en_.~+/='.padEnd(43, 'x');
    const read = (authorization?: string) => bearerToken({ headers: { authorization } } as FastifyRequest);
    for (const header of [`Bearer ${token}`, `bearer  ${token}`, `Bearer ${token}  `])
      expect(read(header), header).toBe(token);
    for (const header of [undefined, '', `xBearer ${token}`, `Bearer ${token} extra`, `Bearer${token}`, 'Bearer short'])
      expect(read(header), header).toBeNull();
  });

  it('puts the server time only in a clock refusal', () => {
    expect(refusalEnvelope('replay').obj).toStrictEqual({ reason: 'replay' });
    expect(refusalEnvelope('clock', 5).obj).toStrictEqual({ reason: 'clock', serverTime: 5 });
  });

  it('puts a Date header on every response', async () => {
    const api = await gw.send('GET', endpoints.noticeCount, { as: 'customer' });
    const refused = await gw.send('GET', endpoints.noticeCount);
    const json = await gw.app.inject({ method: 'GET', url: '/jsons/indexConfig.json' });
    for (const res of [api, refused, { headers: json.headers }]) {
      expect(Date.parse(String(res.headers.date))).toBeGreaterThan(Date.now() - 60_000);
    }
  });

  it('prunes nonces older than twice the window, and keeps younger ones (still replayable)', async () => {
    const { pruneGuardTables } = await import('./guard');
    await gw.db.query(`insert into nonces (nonce, seen_at) values ('old-nonce-123', now() - interval '11 minutes')`);
    // Past one window but within two: a timestamp 5 minutes ahead could still replay it.
    await gw.db.query(`insert into nonces (nonce, seen_at) values ('kept-nonce-123', now() - interval '9 minutes')`);
    // Expired sessions go, live ones stay; md/sendMq's counters of past minutes go, this minute's stays.
    const expired = await createSession(gw.db, DEMO.empty.userId);
    await gw.db.query(`update sessions set expires_at = now() - interval '1 second' where token_hash = $1`, [
      sha256(expired),
    ]);
    // Not in a minute's last second: the prune below must see the same minute.
    if (Date.now() % 60_000 > 59_000) await new Promise((resolve) => setTimeout(resolve, 1_100));
    const minute = Math.floor(Date.now() / 60_000);
    await gw.db.query(
      `insert into send_mq_budget (address, minute, events) values ('10.0.0.9', $1, 1), ('10.0.0.9', $2, 1)`,
      [minute - 1, minute],
    );
    await pruneGuardTables(gw.db);
    expect(await gw.db.query(`select nonce from nonces where nonce in ('old-nonce-123', 'kept-nonce-123')`)).toEqual([
      { nonce: 'kept-nonce-123' },
    ]);
    expect(await gw.db.query('select 1 from sessions where token_hash = $1', [sha256(expired)])).toEqual([]);
    expect((await gw.send('GET', endpoints.noticeCount, { as: 'customer' })).json.code).toBe(Code.ok);
    expect(
      await gw.db.query<{ minute: string }>(`select minute::text from send_mq_budget where address = '10.0.0.9'`),
    ).toEqual([{ minute: String(minute) }]);
  });
});
