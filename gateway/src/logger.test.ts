import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { endpoints } from '../../contract/endpoints';
import { buildApp } from './app';
import { migrate } from './db/migrate';
import { seed } from './db/seed';
import { loggerOptions, maskPhones, redactUrl } from './logger';
import { createSession } from './routes/login';
import { freshDb, newNonce, ssoForm, ssoSms, testConfig } from './test-helpers';

describe('logs', () => {
  it('log a browser aborting a response (premature close) at debug, other errors at error', () => {
    const lines: { level: number; msg: string }[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    const app = Fastify({ logger: { ...(loggerOptions('debug') as object), stream } });
    app.log.error({ err: new Error('premature close') }, 'premature close');
    // @fastify/compress logs the error itself when a compressed static file is aborted.
    app.log.error(new Error('premature close'));
    app.log.error(Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' }));
    app.log.error({ err: new Error('database gone') }, 'database gone');
    app.log.error(new Error('disk full'));
    expect(lines.map((l) => [l.msg, l.level])).toEqual([
      ['premature close', 20],
      ['premature close', 20],
      ['Premature close', 20],
      ['database gone', 50],
      ['disk full', 50],
    ]);
  });

  it('redact secrets in URLs and mask phones', () => {
    expect(redactUrl('/user-cloud/login/rui/ck?ticket=abc&source=h5')).toBe(
      '/user-cloud/login/rui/ck?ticket=***&source=h5',
    );
    // The login's state and the SSO's sign for an openId travel in the transfer page's URL.
    expect(redactUrl('/transferPage?state=s1&ticket=t&openId=o&openIdSign=x&data=index')).toBe(
      '/transferPage?state=***&ticket=***&openId=***&openIdSign=***&data=***',
    );
    expect(maskPhones('phone 13800138000 and 8613900139000')).toBe(
      'phone 138****8000 and 8613900139000'.replace('8613900139000', '86139****9000'),
    );
  });

  it('never contain tokens, Authorization, SMS codes, tickets or full phone numbers', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const { db, drop } = await freshDb();
    await migrate(db);
    await seed(db);
    const app = await buildApp({
      db,
      config: testConfig({ sms: { phoneIntervalSec: 0, phonePerDay: 100, ipPerHour: 100 } }),
      logger: { ...(loggerOptions('debug') as object), stream },
    });
    try {
      const token = await createSession(db, 'u-13800138000');
      const signed = () => ({ nonce: newNonce(), timestamp: String(Date.now()), authorization: `Bearer ${token}` });
      await app.inject({ method: 'GET', url: endpoints.noticeCount, headers: signed() });
      const sms = await ssoSms(app, '13812345678');
      const login = await ssoForm(app, { phone: '13812345678', code: sms.obj!.demoCode! });
      const ticket = new URL(String(login.headers.location)).searchParams.get('ticket')!;
      const ck = await app.inject({
        method: 'GET',
        url: `${endpoints.loginCk}?ticket=${ticket}&source=h5portal`,
        headers: signed(),
      });
      const newToken = ck.json().obj.token;
      const log = lines.join('');
      expect(log.length).toBeGreaterThan(0);
      for (const secret of [token, newToken, ticket, sms.obj!.demoCode!, '13812345678', 'Bearer']) {
        expect(log, secret).not.toContain(secret);
      }
      // The SSO's two audit lines, each naming the phone masked.
      const entries = lines
        .join('')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { msg?: string; phone?: string });
      for (const msg of ['sso: sms code sent', 'sso: login ok, redirecting with a ticket'])
        expect(
          entries.filter((e) => e.msg === msg).map((e) => e.phone),
          msg,
        ).toEqual(['138****5678']);
    } finally {
      await app.close();
      await drop();
    }
  });
});
