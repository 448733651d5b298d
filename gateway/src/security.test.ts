/**
 * The gateway seen by an attacker on the customer's network (a security review): the admin
 * key cannot be skipped by spelling the path differently, text PostgreSQL cannot store is a
 * 10001 and not a 500, a failing database never puts its own message in an answer, what the
 * framework or Node's HTTP parser refuses is still an envelope, and API answers are not cached.
 */
import type { Socket } from 'node:net';
import { BizDesc, Code, Desc } from '../../contract/codes';
import { endpoints } from '../../contract/endpoints';
import { SAMPLE_ADDRESS } from '../../contract/input-samples';
import type { Consumption, LoginResult } from '../../contract/types';
import { createTestGateway, ssoLogin, type TestGateway } from './test-helpers';
import { UNSTORABLE_TEXT_DESC } from './text';

describe('security review', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await createTestGateway({ sms: { phoneIntervalSec: 0, phonePerDay: 1000, ipPerHour: 1000 } });
  });
  afterAll(() => gw.close());

  describe('the admin key', () => {
    it('cannot be skipped by percent-encoding the path: the write-off stays pending', async () => {
      const w = await gw.send<Consumption>('POST', endpoints.writeOff, { as: 'customer', body: { rightId: 5 } });
      expect(w.json.obj.status).toBe('pending');
      for (const url of ['/%61dmin/writeOff/confirm', '/%61%64%6d%69%6e/writeOff/confirm']) {
        const res = await gw.app.inject({
          method: 'POST',
          url,
          payload: { writeOffCode: w.json.obj.writeOffCode, providerName: '冒充的服务商' },
        });
        expect(res.json(), url).toEqual({ code: Code.unauthorized, desc: BizDesc.adminKeyInvalid, obj: null });
      }
      const detail = await gw.send<Consumption>('GET', endpoints.consumeDetail, {
        as: 'customer',
        query: { id: w.json.obj.id },
      });
      expect(detail.json.obj).toMatchObject({ status: 'pending', providerName: expect.not.stringContaining('冒充') });
    });
  });

  describe('text PostgreSQL cannot store (U+0000, lone surrogates) is a 10001, never a 500', () => {
    const address = SAMPLE_ADDRESS;
    const cases: Array<[string, () => Promise<{ json: { code: number; desc: string } }>]> = [
      [
        'nickname with U+0000',
        () => gw.send('POST', endpoints.updateInfo, { as: 'customer', body: { nickname: '张\u0000三' } }),
      ],
      [
        'address with U+0000',
        () =>
          gw.send('POST', endpoints.addressSave, { as: 'customer', body: { ...address, province: '广东\u0000省' } }),
      ],
      [
        'evaluation content with U+0000',
        () =>
          gw.send('POST', endpoints.evaluate, {
            as: 'customer',
            body: { consumeId: 1, score: 5, content: '好\u0000' },
          }),
      ],
      // JSON.stringify writes a lone surrogate as the escape \ud800, which jsonb refuses.
      [
        'evaluation tag with a lone surrogate',
        () =>
          gw.send('POST', endpoints.evaluate, { as: 'customer', body: { consumeId: 1, score: 5, tags: ['\ud800'] } }),
      ],
      [
        'WeChat openId with U+0000',
        () => gw.send('POST', endpoints.wxinfo, { as: 'agent', body: { openId: 'wx_\u0000', nickname: '李' } }),
      ],
      [
        'analytics page with U+0000 (form)',
        () => gw.send('POST', endpoints.sendMq, { form: true, body: { eventCode: 'page_view', page: '/in\u0000dex' } }),
      ],
    ];
    for (const [name, send] of cases) {
      it(name, async () => {
        const res = await send();
        expect(res.json).toEqual({ code: Code.businessError, desc: UNSTORABLE_TEXT_DESC, obj: null });
      });
    }

    it('analytics payload whose JSON escapes U+0000 or a lone surrogate (jsonb refuses both)', async () => {
      for (const payload of ['{"a":"\\u0000"}', '{"a":["\\ud800"]}', '{"\\udc00":1}']) {
        const res = await gw.send('POST', endpoints.sendMq, {
          form: true,
          body: { eventCode: 'page_view', page: '/index', payload },
        });
        expect(res.json, payload).toEqual({ code: Code.businessError, desc: UNSTORABLE_TEXT_DESC, obj: null });
      }
      const fine = await gw.send('POST', endpoints.sendMq, {
        form: true,
        body: { eventCode: 'page_view', page: '/index', payload: '{"emoji":"\\ud83d\\ude00"}' },
      });
      expect(fine.json.code).toBe(Code.ok);
    });

    it('analytics payload with numbers numeric cannot hold or nested too deep: 10001, nothing stored', async () => {
      const [before] = await gw.db.query<{ n: number }>('select count(*)::int as n from analytics_events');
      const deep = `${'['.repeat(9)}1${']'.repeat(9)}`;
      for (const payload of [
        '{"a":1e131072}',
        '{"a":1e-16384}',
        '[-1e400]',
        '{"b":[0.1e-99999]}',
        '{"c":0e-99999}',
        deep,
      ]) {
        const res = await gw.send('POST', endpoints.sendMq, {
          form: true,
          body: { eventCode: 'page_view', page: '/index', payload },
        });
        expect(res.status, payload).toBe(200);
        expect(res.json.code, payload).toBe(Code.businessError);
        expect(res.json.desc, payload).toMatch(/^事件内容/);
      }
      const [after] = await gw.db.query<{ n: number }>('select count(*)::int as n from analytics_events');
      expect(after.n).toBe(before.n);
      for (const payload of [
        `${'['.repeat(8)}1${']'.repeat(8)}`,
        '{"a":1.7976931348623157e308,"b":5e-324,"c":0e-300,"d":"1e999999"}',
      ]) {
        const res = await gw.send('POST', endpoints.sendMq, {
          form: true,
          body: { eventCode: 'page_view', page: '/index', payload },
        });
        expect(res.json.code, payload).toBe(Code.ok);
      }
    });

    it('analytics body over 8 KB: 413 with the envelope, nothing stored (an anonymous write stays small)', async () => {
      const [before] = await gw.db.query<{ n: number }>('select count(*)::int as n from analytics_events');
      const res = await gw.send('POST', endpoints.sendMq, {
        form: true,
        body: { eventCode: 'page_view', page: '/index', filler: 'x'.repeat(8 * 1024) },
      });
      expect(res.status).toBe(413);
      expect(res.json.code).toBe(Code.tooLarge);
      const [after] = await gw.db.query<{ n: number }>('select count(*)::int as n from analytics_events');
      expect(after.n).toBe(before.n);
    });

    it('in a query string: ck with a source holding U+0000 (stored with a new customer’s attribution)', async () => {
      const login = await ssoLogin(gw.app, '13698765432');
      const ticket = new URL(String(login.headers.location)).searchParams.get('ticket')!;
      const res = await gw.send<LoginResult>('GET', endpoints.loginCk, {
        query: { ticket, source: 'h5\u0000', promoterId: 'P100239' },
      });
      expect(res.json).toEqual({ code: Code.businessError, desc: UNSTORABLE_TEXT_DESC, obj: null });
    });

    it('in the SSO form: a source holding U+0000 (stored with the ticket)', async () => {
      const res = await ssoLogin(gw.app, '13698765433', { source: 'h5\u0000' });
      expect(res.headers.location).toBeUndefined();
      expect(res.json()).toEqual({ code: Code.businessError, desc: UNSTORABLE_TEXT_DESC, obj: null });
    });
  });

  describe('a failing database', () => {
    it('gives the notice list the generic 500 envelope, not the driver’s message', async () => {
      const fault = Object.assign(new Error('connect ECONNREFUSED 10.9.8.7:5432'), { code: 'ECONNREFUSED' });
      const query = vi.spyOn(gw.db, 'query').mockRejectedValue(fault);
      try {
        for (const q of [{ pageNum: 1, pageSize: 10 }, { pageNum: 0 }]) {
          const res = await gw.send('GET', endpoints.noticeList, { as: 'customer', query: q });
          expect(res.status, JSON.stringify(q)).toBe(200);
          expect(res.json).toEqual({ code: Code.serverError, desc: Desc.serverError, obj: null });
          expect(res.body).not.toMatch(/ECONNREFUSED|10\.9\.8\.7|5432/);
        }
      } finally {
        query.mockRestore();
      }
      expect((await gw.send('GET', endpoints.noticeList, { as: 'customer' })).json.code).toBe(Code.ok);
    });
  });

  describe('what the router or the HTTP parser refuses is still an envelope', () => {
    it('a malformed percent-encoding in the path → HTTP 400 + envelope 400, the path not echoed', async () => {
      for (const url of ['/gateway/user/%E0%A4%A', '/media/avatar/%E0%A4%A.png']) {
        const res = await gw.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(400);
        expect(res.json()).toEqual({ code: Code.badRequest, desc: Desc.badRequest, obj: null });
        expect(res.body).not.toContain('%E0');
        expect(res.headers['x-content-type-options']).toBe('nosniff');
      }
    });

    it('a path the router cannot decode carries the headers of every answer, Connection: close while draining', async () => {
      gw.app.lifecycle.draining = true;
      try {
        const bad = await gw.app.inject({ method: 'GET', url: '/gateway/user/%E0%A4%A' });
        const other = await gw.app.inject({ method: 'GET', url: '/gateway/user/nope' });
        expect(bad.statusCode).toBe(400);
        expect(bad.headers.connection).toBe('close');
        expect(bad.headers['referrer-policy']).toBe('same-origin');
        for (const name of ['connection', 'referrer-policy', 'x-content-type-options', 'cache-control'])
          expect(bad.headers[name], name).toBe(other.headers[name]);
      } finally {
        gw.app.lifecycle.draining = false;
      }
    });

    it('a request Node cannot parse → HTTP 400 (431 for oversized headers) with an envelope', () => {
      const answer = (code: string) => {
        const written: string[] = [];
        const socket = { writable: true, destroyed: false, write: (s: string) => written.push(s), destroy: vi.fn() };
        gw.app.server.emit(
          'clientError',
          Object.assign(new Error('Parse Error'), { code }),
          socket as unknown as Socket,
        );
        expect(socket.destroy).toHaveBeenCalled();
        const [head, body] = written.join('').split('\r\n\r\n');
        return {
          head,
          body: JSON.parse(body) as unknown,
          length: Number(/content-length: (\d+)/i.exec(head)?.[1]),
          raw: body,
        };
      };
      const bad = answer('HPE_INVALID_METHOD');
      expect(bad.head).toMatch(/^HTTP\/1\.1 400 /);
      expect(bad.head).toMatch(/x-content-type-options: nosniff/i);
      expect(bad.head).toMatch(/referrer-policy: same-origin/i);
      expect(bad.body).toEqual({ code: Code.badRequest, desc: Desc.badRequest, obj: null });
      expect(bad.length).toBe(Buffer.byteLength(bad.raw));
      const big = answer('HPE_HEADER_OVERFLOW');
      expect(big.head).toMatch(/^HTTP\/1\.1 431 /);
      expect(big.body).toEqual({ code: Code.headersTooLarge, desc: Desc.headersTooLarge, obj: null });
    });
  });

  describe('caching', () => {
    it('API answers are never stored by a cache (they carry personal data and tokens)', async () => {
      const answers = {
        'notice count': await gw.send('GET', endpoints.noticeCount, { as: 'customer' }),
        'notice list': await gw.send('GET', endpoints.noticeList, { as: 'customer' }),
        'ck (refused)': await gw.send('GET', endpoints.loginCk, {
          query: { ticket: 'x'.repeat(43), source: 'h5portal' },
        }),
        'guard refusal': await gw.send('GET', endpoints.noticeCount, { as: 'customer', nonce: null }),
        'unknown API path': await gw.send('GET', '/gateway/user/nope', { as: 'customer' }),
        'sso sms': await gw.send('POST', endpoints.ssoSms, { body: { phone: '13698765434' } }),
      };
      for (const [name, res] of Object.entries(answers)) expect(res.headers['cache-control'], name).toBe('no-store');
      // Static configuration keeps its own revalidated caching.
      expect((await gw.app.inject({ method: 'GET', url: '/jsons/indexConfig.json' })).headers['cache-control']).toBe(
        'no-cache',
      );
    });
  });
});
