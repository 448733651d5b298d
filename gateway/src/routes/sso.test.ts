import { BizDesc, Code, Desc, smsTooFrequent } from '../../../contract/codes';
import { endpoints } from '../../../contract/endpoints';
import type { LoginResult, Notice, Page, Right } from '../../../contract/types';
import { Messages } from '../../../contract/validation';
import { openIdSign } from '../../../contract/wx-vouch';
import { DEMO_ADMIN_KEY, DEMO_SSO_SECRET } from '../config';
import type { Queryable } from '../db/index';
import { sha256 } from '../guard';
import {
  createTestGateway,
  DEMO,
  SSO_REDIRECT,
  ssoForm,
  ssoLogin,
  ssoSms,
  testConfig,
  type TestGateway,
} from '../test-helpers';
import { USER_COLUMNS } from '../users';
import { addressGroup, SMS_ADDRESS_FAILURES_PER_DAY, SMS_PHONE_FAILURES_PER_DAY } from './sms-failures';
import { simulatedOpenId, SMS_MAX_ATTEMPTS } from './sso';

/** The sign the stand-in SSO gives `openId` for a login of `phone` (decision 0052). */
const vouched = (openId: string, phone: string) => openIdSign(DEMO_SSO_SECRET, openId, phone);

/** SMS + form login; returns the redirect URL. */
async function loginUrl(gw: TestGateway, phone: string, extra: Record<string, string> = {}) {
  const res = await ssoLogin(gw.app, phone, extra);
  expect(res.statusCode).toBe(302);
  return new URL(String(res.headers.location));
}

describe('SSO page and login', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    // Relaxed limits: these tests log the same phones in several times.
    gw = await createTestGateway({ sms: { phoneIntervalSec: 0, phonePerDay: 1000, ipPerHour: 1000 } });
  });
  afterAll(() => gw.close());

  it('renders a Chinese mobile login page with its CSP and no inline script', async () => {
    const res = await gw.app.inject({
      method: 'GET',
      url: `${endpoints.ssoLogin}?redirect_url=${encodeURIComponent(SSO_REDIRECT)}&source=h5portal&data=ebt`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('name="viewport"');
    expect(res.body).toContain('获取验证码');
    expect(res.body).toContain('微信授权登录');
    expect(res.body).toContain('《平台用户协议》');
    expect(res.body).toContain('<title>登录 - 健康服务平台</title>');
    for (const [name, value] of [
      ['redirect_url', SSO_REDIRECT],
      ['source', 'h5portal'],
      ['data', 'ebt'],
    ])
      expect(res.body).toContain(`<input type="hidden" name="${name}" value="${value}">`);
    // The phone's own check in the browser: the contract's pattern without its anchors.
    expect(res.body).toMatch(/<input id="phone" [^>]*pattern="\(\?:\\\+\?86\)\?1\\d\{10\}" value="" required>/);
    expect(res.body).toContain('<p id="msg" class="msg" role="alert"></p>');
    expect(res.body).not.toMatch(/<script>|<script(?![^>]*src)[^>]*>/);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("form-action 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('same-origin');
    expect(res.headers['cache-control']).toBe('no-store');
    for (const [asset, type, maxAge] of [
      ['/sso/sso.js', 'text/javascript; charset=utf-8', 3600],
      ['/sso/sso.css', 'text/css; charset=utf-8', 3600],
      ['/sso/wx-avatar.svg', 'image/svg+xml', 86400],
    ] as const) {
      // The page's nosniff refuses a script or style sheet served under another type.
      const file = await gw.app.inject({ method: 'GET', url: asset });
      expect(file.statusCode, asset).toBe(200);
      expect(file.headers['content-type'], asset).toBe(type);
      expect(file.headers['cache-control'], asset).toBe(`public, max-age=${maxAge}`);
      expect(file.body.length, asset).toBeGreaterThan(0);
    }
  });

  it('accepts any loopback http origin and port outside production', async () => {
    for (const url of [
      'http://localhost:8080/transferPage',
      'http://127.0.0.1:4173/transferPage1',
      'http://[::1]:9999/x',
    ]) {
      const res = await gw.app.inject({
        method: 'GET',
        url: `${endpoints.ssoLogin}?redirect_url=${encodeURIComponent(url)}`,
      });
      expect(res.statusCode, url).toBe(200);
    }
  });

  it('refuses a foreign redirect_url with an error page and no redirect', async () => {
    for (const url of [
      'https://evil.example/transferPage',
      'http://localhost.evil.example/',
      'https://localhost/x',
      'javascript:alert(1)',
      '//evil.example',
      'http://user:pw@localhost/',
      'http://user@localhost/',
      'http://:pw@localhost/',
    ]) {
      const page = await gw.app.inject({
        method: 'GET',
        url: `${endpoints.ssoLogin}?redirect_url=${encodeURIComponent(url)}`,
      });
      expect(page.statusCode, url).toBe(400);
      expect(page.headers.location).toBeUndefined();
      const sms = await ssoSms(gw.app, '13511112222');
      const post = await ssoForm(gw.app, {
        phone: '13511112222',
        code: sms.obj?.demoCode ?? '000000',
        redirect_url: url,
      });
      expect(post.statusCode, url).toBe(400);
      expect(post.headers.location).toBeUndefined();
      expect(post.body).toContain(BizDesc.redirectNotAllowed);
      await gw.db.query(`delete from sms_codes where phone = '13511112222'`);
    }
  });

  it('sends a 6-digit code (demoCode outside production) and refuses a landline', async () => {
    const sms = await ssoSms(gw.app, '+8613522223333');
    expect(sms).toMatchObject({ code: Code.ok, obj: { sent: true, demoCode: expect.stringMatching(/^\d{6}$/) } });
    const [row] = await gw.db.query<{ phone: string; code_hash: string }>(
      `select phone, code_hash from sms_codes where phone = '13522223333'`,
    );
    expect(row.code_hash).not.toContain(sms.obj!.demoCode);
    expect(await ssoSms(gw.app, '010-12345678')).toMatchObject({
      code: Code.businessError,
      desc: Messages.mobileInvalid,
    });
    expect(await ssoSms(gw.app, '')).toMatchObject({ code: Code.businessError, desc: Messages.mobileInvalid });
  });

  it('refuses a login posted from another site or without the agreement, keeping the code', async () => {
    const phone = '13533335555';
    const sms = await ssoSms(gw.app, phone);
    const code = sms.obj!.demoCode!;
    const foreign: Record<string, string>[] = [
      { origin: 'http://evil.example' },
      { referer: 'http://evil.example/x' },
      { origin: 'null' },
      {},
    ];
    for (const headers of foreign) {
      const res = await ssoForm(gw.app, { phone, code }, headers);
      expect(res.statusCode).toBe(403);
      expect(res.body).toContain(BizDesc.ssoCrossSite);
      expect(res.headers.location).toBeUndefined();
    }
    const unticked = await ssoForm(gw.app, { phone, code, agree: '' });
    expect(unticked.statusCode).toBe(200);
    expect(unticked.body).toContain(BizDesc.ssoAgreementRequired);
    const [row] = await gw.db.query<{ used: boolean; attempts: number }>(
      'select used_at is not null as used, attempts from sms_codes where phone = $1 order by id desc limit 1',
      [phone],
    );
    expect(row).toEqual({ used: false, attempts: 0 });
    const [tickets] = await gw.db.query<{ n: number }>(
      'select count(*)::int as n from login_tickets where phone = $1',
      [phone],
    );
    expect(tickets.n).toBe(0);
    // The page's own Referer (no Origin) and then the same code still log in.
    const ok = await ssoForm(gw.app, { phone, code }, { referer: 'http://localhost/sso/login?x=1' });
    expect(ok.statusCode).toBe(302);
    expect(new URL(String(ok.headers.location)).searchParams.get('ticket')).toBeTruthy();
  });

  it('sends a code only for a JSON request, never for a form another site can post', async () => {
    const form = await gw.app.inject({
      method: 'POST',
      url: endpoints.ssoSms,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'phone=13522224444',
    });
    expect(form.statusCode).toBe(400);
    expect(form.json()).toEqual({ code: Code.badRequest, desc: Desc.badRequest, obj: null });
    const [sent] = await gw.db.query<{ n: number }>(
      `select count(*)::int as n from sms_codes where phone = '13522224444'`,
    );
    expect(sent.n).toBe(0);
  });

  it('rate-limits sending per phone: one per 60 s (the default)', async () => {
    const relaxed = gw.config.sms;
    gw.config.sms = testConfig().sms;
    try {
      expect(gw.config.sms.phoneIntervalSec).toBe(60);
      expect((await ssoSms(gw.app, '13533334444')).code).toBe(Code.ok);
      expect(await ssoSms(gw.app, '13533334444')).toMatchObject({ code: Code.businessError, desc: smsTooFrequent(60) });
      // The interval holds for the phone whatever address asks.
      expect(await ssoSms(gw.app, '13533334444', '10.9.9.9')).toMatchObject({
        code: Code.businessError,
        desc: smsTooFrequent(60),
      });
      // The seconds left, rounded up, at some moment between the code's aging and the answer:
      // 15 (14.5 rounded up) at once, one less for each second a busy machine takes.
      const refusalAfter = async (ago: number) => {
        const started = Date.now();
        await gw.db.query(`update sms_codes set created_at = now() - $1::interval where phone = '13533334444'`, [
          `${ago} seconds`,
        ]);
        const answer = await ssoSms(gw.app, '13533334444');
        const left = gw.config.sms.phoneIntervalSec - ago;
        const allowed = [];
        for (let s = Math.ceil(left - (Date.now() - started) / 1000); s <= Math.ceil(left); s++)
          allowed.push(smsTooFrequent(s));
        expect(answer.code).toBe(Code.businessError);
        expect(allowed).toContain(answer.desc);
      };
      await refusalAfter(45.5);
      gw.config.sms = { ...gw.config.sms, phoneIntervalSec: 120 };
      await refusalAfter(45.5);
      gw.config.sms = testConfig().sms;
      await gw.db.query(`update sms_codes set created_at = now() - interval '61 seconds' where phone = '13533334444'`);
      expect((await ssoSms(gw.app, '13533334444')).code).toBe(Code.ok);
    } finally {
      gw.config.sms = relaxed;
    }
  });

  it('rate-limits sending per phone and address per day, and per IP', async () => {
    const limited = await createTestGateway({ sms: { phoneIntervalSec: 0, phonePerDay: 3, ipPerHour: 5 } });
    try {
      for (let i = 0; i < 3; i++) expect((await ssoSms(limited.app, '13544445555', '10.0.0.1')).code).toBe(Code.ok);
      expect(await ssoSms(limited.app, '13544445555', '10.0.0.1')).toMatchObject({ desc: BizDesc.smsDailyLimit });
      // Sends from another address cannot lock the customer out: their own address still gets a code.
      const own = await ssoSms(limited.app, '13544445555', '10.0.0.3');
      expect(own).toMatchObject({ code: Code.ok, obj: { sent: true, demoCode: expect.stringMatching(/^\d{6}$/) } });
      for (let i = 0; i < 2; i++) expect((await ssoSms(limited.app, `1355555000${i}`, '10.0.0.1')).code).toBe(Code.ok);
      expect(await ssoSms(limited.app, '13555550009', '10.0.0.1')).toMatchObject({ desc: BizDesc.smsIpLimit });
      expect((await ssoSms(limited.app, '13555550009', '10.0.0.2')).code).toBe(Code.ok);
    } finally {
      await limited.close();
    }
  });

  it('a wrong code shows the page again with a Chinese error and the phone kept; 5 wrong attempts end the code', async () => {
    const sms = await ssoSms(gw.app, '13566667777');
    const wrong = sms.obj!.demoCode === '111111' ? '222222' : '111111';
    const res = await ssoForm(gw.app, { phone: '13566667777', code: wrong });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(BizDesc.smsCodeWrong);
    expect(res.body).toContain('value="13566667777"');
    for (let i = 2; i <= 4; i++) {
      const again = await ssoForm(gw.app, { phone: '13566667777', code: wrong });
      expect(again.body, `attempt ${i}`).toContain(BizDesc.smsCodeWrong);
    }
    // The fifth wrong attempt says the code is spent, and so does the right code after it.
    const fifth = await ssoForm(gw.app, { phone: '13566667777', code: wrong });
    expect(fifth.body).toContain(BizDesc.smsTooManyAttempts);
    const right = await ssoForm(gw.app, { phone: '13566667777', code: sms.obj!.demoCode! });
    expect(right.statusCode).toBe(200);
    expect(right.body).toContain(BizDesc.smsTooManyAttempts);
  });

  describe('wrong codes (decision 0049)', () => {
    const wrongFor = (code: string) => (code === '111111' ? '222222' : '111111');
    /** A new code for `phone` asked from `ip`, then `times` wrong tries at it from `ip`; the last answer's page. */
    async function guess(phone: string, ip: string, times: number) {
      const code = (await ssoSms(gw.app, phone, ip)).obj!.demoCode!;
      let last = '';
      for (let i = 0; i < times; i++)
        last = (await ssoForm(gw.app, { phone, code: wrongFor(code) }, undefined, ip)).body;
      return last;
    }
    const loginFrom = async (phone: string, ip: string) => {
      const code = (await ssoSms(gw.app, phone, ip)).obj?.demoCode ?? '000000';
      return ssoForm(gw.app, { phone, code }, undefined, ip);
    };
    const aDayLater = (phone: string) =>
      gw.db.query(`update sms_failures set created_at = created_at - interval '1 day' where phone = $1`, [phone]);

    it(`${SMS_ADDRESS_FAILURES_PER_DAY} wrong codes from one address close the phone to that address for 24 hours, not to its owner`, async () => {
      const phone = '13566662222';
      const attacker = '203.0.113.7';
      // Two codes spent on 5 wrong tries each: the tenth says the phone is closed.
      expect(await guess(phone, attacker, 5)).toContain(BizDesc.smsTooManyAttempts);
      expect(await guess(phone, attacker, 5)).toContain(BizDesc.smsPhoneLocked);
      // From that address the right code of a live code is refused, and no code is sent.
      const code = (await ssoSms(gw.app, phone, '198.51.100.1')).obj!.demoCode!;
      const right = await ssoForm(gw.app, { phone, code }, undefined, attacker);
      expect(right.statusCode).toBe(200);
      expect(right.body).toContain(BizDesc.smsPhoneLocked);
      expect(await ssoSms(gw.app, phone, attacker)).toMatchObject({ desc: BizDesc.smsPhoneLocked, obj: null });
      // The owner, at their own address, logs in; a day later so does the attacker's address.
      expect((await loginFrom(phone, '198.51.100.1')).statusCode).toBe(302);
      await aDayLater(phone);
      expect((await loginFrom(phone, attacker)).statusCode).toBe(302);
    });

    it('an IPv6 client counts by its /64: changing the address within it does not reset the count', async () => {
      const phone = '13566664444';
      for (let i = 1; i <= SMS_ADDRESS_FAILURES_PER_DAY; i++)
        await guess(phone, `2001:db8:7:7:${i.toString(16)}::1`, 1);
      expect((await loginFrom(phone, '2001:db8:7:7:ffff::2')).body).toContain(BizDesc.smsPhoneLocked);
      expect((await loginFrom(phone, '2001:db8:7:8::1')).statusCode).toBe(302);
    });

    it(`${SMS_PHONE_FAILURES_PER_DAY} wrong codes from any addresses close the phone to every address for 24 hours`, async () => {
      const phone = '13566665555';
      // 99 wrong codes from 11 addresses, each under its own cap, at most 4 tries a code.
      for (let a = 0, left = SMS_PHONE_FAILURES_PER_DAY - 1; left > 0; a++) {
        for (let n = Math.min(SMS_ADDRESS_FAILURES_PER_DAY - 1, left); n > 0;) {
          const tries = Math.min(n, SMS_MAX_ATTEMPTS - 1);
          expect(await guess(phone, `10.66.${a}.1`, tries)).toContain(BizDesc.smsCodeWrong);
          n -= tries;
          left -= tries;
        }
      }
      // The owner asks for a code; one more wrong try at it, from an address new to the phone,
      // is the hundredth and closes the phone: the owner's right code is refused too.
      const own = (await ssoSms(gw.app, phone, '198.51.100.9')).obj!.demoCode!;
      const hundredth = await ssoForm(gw.app, { phone, code: wrongFor(own) }, undefined, '10.67.0.1');
      expect(hundredth.body).toContain(BizDesc.smsPhoneLocked);
      const right = await ssoForm(gw.app, { phone, code: own }, undefined, '198.51.100.9');
      expect(right.statusCode).toBe(200);
      expect(right.body).toContain(BizDesc.smsPhoneLocked);
      expect(await ssoSms(gw.app, phone, '198.51.100.10')).toMatchObject({ desc: BizDesc.smsPhoneLocked, obj: null });
      // Another phone is untouched; a day later the phone gets codes again.
      expect((await ssoLogin(gw.app, '13566663333')).statusCode).toBe(302);
      await aDayLater(phone);
      expect((await loginFrom(phone, '198.51.100.9')).statusCode).toBe(302);
    });
  });

  it('counts an address as it is, an IPv4-mapped one as IPv4, and IPv6 by its /64', () => {
    expect(addressGroup('203.0.113.7')).toBe('203.0.113.7');
    expect(addressGroup('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressGroup('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(addressGroup('2001:0db8:0000:0001:aaaa::')).toBe('2001:db8:0:1::/64');
    expect(addressGroup('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressGroup('::1')).toBe('0:0:0:0::/64');
    expect(addressGroup('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressGroup('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
    expect(addressGroup('2001:db8:1:2:3:4:192.0.2.1')).toBe('2001:db8:1:2::/64');
  });

  it('an expired or already used code is refused', async () => {
    const sms = await ssoSms(gw.app, '13577778888');
    await gw.db.query(`update sms_codes set expires_at = now() - interval '1 second' where phone = '13577778888'`);
    const res = await ssoForm(gw.app, { phone: '13577778888', code: sms.obj!.demoCode! });
    expect(res.body).toContain(BizDesc.smsCodeExpired);
    expect((await ssoForm(gw.app, { phone: '13577778888', code: 'abc' })).body).toContain(Messages.smsCodeInvalid);

    const used = await ssoSms(gw.app, '13577779999');
    expect((await ssoForm(gw.app, { phone: '13577779999', code: used.obj!.demoCode! })).statusCode).toBe(302);
    const twice = await ssoForm(gw.app, { phone: '13577779999', code: used.obj!.demoCode! });
    expect(twice.statusCode).toBe(200);
    expect(twice.body).toContain(BizDesc.smsCodeExpired);
    // A phone no code was sent to.
    expect((await ssoForm(gw.app, { phone: '13577770000', code: '123456' })).body).toContain(BizDesc.smsCodeExpired);
  });

  it('writes back what it was given as text, escaped and cut to its length, with its defaults', async () => {
    const long = `"><b>${'x'.repeat(80)}`;
    const page = await gw.app.inject({
      method: 'GET',
      url: `${endpoints.ssoLogin}?redirect_url=${encodeURIComponent(SSO_REDIRECT)}&source=${encodeURIComponent(long)}`,
    });
    expect(page.body).toContain(`name="source" value="&quot;&gt;&lt;b&gt;${'x'.repeat(27)}">`);
    expect(page.body).toContain('name="data" value="index">');
    expect(page.body).not.toContain('"><b>');
    const cut = await gw.app.inject({
      method: 'GET',
      url: `${endpoints.ssoLogin}?redirect_url=${encodeURIComponent(SSO_REDIRECT)}&data=${'d'.repeat(70)}`,
    });
    expect(cut.body).toContain(`name="data" value="${'d'.repeat(64)}">`);
    expect(cut.body).toContain('name="source" value="">');

    // Posted: the form shown again keeps the fields, cut as on the page.
    const posted = await ssoForm(gw.app, {
      phone: `1${'3'.repeat(25)}`,
      code: '123456',
      source: long,
      data: 'e'.repeat(70),
    });
    expect(posted.statusCode).toBe(200);
    expect(posted.body).toContain(Messages.mobileInvalid);
    expect(posted.body).toContain(`value="1${'3'.repeat(19)}"`);
    expect(posted.body).toContain(`name="source" value="&quot;&gt;&lt;b&gt;${'x'.repeat(27)}">`);
    expect(posted.body).toContain(`name="data" value="${'e'.repeat(64)}">`);
    // Fields that are not text (a JSON body) are shown empty, data as index.
    const json = await gw.app.inject({
      method: 'POST',
      url: endpoints.ssoLogin,
      headers: { origin: 'http://localhost' },
      payload: { redirect_url: SSO_REDIRECT, source: 7, data: ['x'], phone: 13800138000, agree: '1' },
    });
    expect(json.statusCode).toBe(200);
    expect(json.body).toContain(Messages.mobileInvalid);
    expect(json.body).toContain('name="source" value="">');
    expect(json.body).toContain('name="data" value="index">');
    expect(json.body).toMatch(/<input id="phone" [^>]*value="" required>/);
  });

  it('without a usable redirect_url answers an error page, not the form', async () => {
    const pages = [
      await gw.app.inject({ method: 'GET', url: endpoints.ssoLogin }),
      await gw.app.inject({ method: 'GET', url: `${endpoints.ssoLogin}?redirect_url=a&redirect_url=b` }),
      await gw.app.inject({ method: 'POST', url: endpoints.ssoLogin, headers: { origin: 'http://localhost' } }),
      await ssoForm(gw.app, { phone: '13800138000', code: '123456', redirect_url: '' }),
    ];
    for (const page of pages) {
      expect(page.statusCode).toBe(400);
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.body).toContain('<title>登录失败 - 健康服务平台</title>');
      expect(page.body).toContain('<p>缺少回跳地址</p>');
      expect(page.body).not.toContain('<form');
    }
  });

  it('a form whose hidden fields were tampered with is refused in Chinese, and the page it shows can be sent again', async () => {
    const phone = '13566661111';
    const sms = await ssoSms(gw.app, phone);
    const tampered: Record<string, string>[] = [
      { source: 's'.repeat(40) },
      { data: 'd'.repeat(80) },
      { redirect_url: `${SSO_REDIRECT}?${'r'.repeat(2100)}` },
    ];
    for (const fields of tampered) {
      const res = await ssoForm(gw.app, { phone, code: sms.obj!.demoCode!, ...fields });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(`<p id="msg" class="msg" role="alert">${BizDesc.ssoFormInvalid}</p>`);
      expect(res.body).not.toMatch(/Too big|expected|Invalid/);
    }
    // What the page wrote back is cut to its length: sent again, it logs in with the same code.
    const again = await ssoForm(gw.app, { phone, code: sms.obj!.demoCode!, source: 's'.repeat(32) });
    expect(again.statusCode).toBe(302);
  });

  it('a landline or a bad phone is refused on the form with 请填写正确的手机号', async () => {
    const res = await ssoForm(gw.app, { phone: '010-12345678', code: '123456' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(Messages.mobileInvalid);
  });

  it('success → 302 to redirect_url with ticket and the untouched data; ck logs the demo customer in', async () => {
    const url = await loginUrl(gw, '13800138000', { data: 'ryb&x=1' });
    expect(url.origin + url.pathname).toBe(SSO_REDIRECT);
    expect(url.searchParams.get('data')).toBe('ryb&x=1');
    // Not through WeChat: nothing of a WeChat profile.
    expect([...url.searchParams.keys()].sort()).toEqual(['data', 'ticket']);
    const bare = await ssoLogin(gw.app, '13800138000', { data: '' });
    expect(bare.headers['cache-control']).toBe('no-store');
    expect(new URL(String(bare.headers.location)).searchParams.get('data')).toBe('');
    const ticket = url.searchParams.get('ticket')!;
    expect(ticket).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const ck = await gw.send<LoginResult>('GET', endpoints.loginCk, { query: { ticket, source: 'h5portal' } });
    expect(ck.json).toMatchObject({
      code: Code.ok,
      obj: {
        userInfo: { userId: 'u-13800138000', mobilePhone: '13800138000', role: 'customer' },
        role: 'customer',
        ucUserId: 'UC20260001',
      },
    });
    expect(ck.json.obj.theme).toBeUndefined();
    // The token's lifetime, in seconds from now: the portal's cookie lives as long (decision 0023).
    expect(ck.json.obj.expiresIn).toBe(7 * 24 * 60 * 60);
    const [session] = await gw.db.query<{ left: number }>(
      `select extract(epoch from expires_at - now())::int as left from sessions where token_hash = $1`,
      [sha256(ck.json.obj.token)],
    );
    expect(Math.abs(session.left - ck.json.obj.expiresIn!)).toBeLessThan(60);
    // The token works.
    const count = await gw.send('GET', endpoints.noticeCount, { as: { token: ck.json.obj.token } });
    expect(count.json.code).toBe(Code.ok);
    // A ticket works once.
    const again = await gw.send('GET', endpoints.loginCk, { query: { ticket, source: 'h5portal' } });
    expect(again.json).toMatchObject({ code: Code.businessError, desc: BizDesc.ticketInvalid });
  });

  it('an expired ticket is refused', async () => {
    const url = await loginUrl(gw, '13900139000');
    const ticket = url.searchParams.get('ticket')!;
    await gw.db.query(`update login_tickets set expires_at = now() - interval '1 second' where ticket_hash = $1`, [
      sha256(ticket),
    ]);
    const ck = await gw.send('GET', endpoints.loginCkNew, { query: { ticket, source: 'h5portal' } });
    expect(ck.json).toMatchObject({ code: Code.businessError, desc: BizDesc.ticketInvalid });
  });

  it('ckNew returns the theme; the agent gets promoterId and agentId', async () => {
    const url = await loginUrl(gw, '13900139000');
    const ck = await gw.send<LoginResult>('GET', endpoints.loginCkNew, {
      query: { ticket: url.searchParams.get('ticket')!, source: 'h5portal' },
    });
    expect(ck.json.obj).toMatchObject({
      theme: 'indexNew',
      role: 'agent',
      promoterId: 'P100239',
      agentId: 'A9001',
      ucAgentUserId: 'UA9001',
    });
  });

  it('a new phone becomes a new customer: no rights, one welcome notice, agreements not accepted, attribution recorded', async () => {
    const url = await loginUrl(gw, '13612340000');
    const ck = await gw.send<LoginResult>('GET', endpoints.loginCk, {
      query: { ticket: url.searchParams.get('ticket')!, source: 'h5portal', promoterId: 'P100239', agentId: 'A9001' },
    });
    expect(ck.json.obj).toMatchObject({
      role: 'customer',
      userInfo: { mobilePhone: '13612340000', nickname: '用户0000' },
    });
    expect(ck.json.obj.userInfo.agreementVersion).toBeUndefined();
    const as = { token: ck.json.obj.token };
    expect((await gw.send<Right[]>('GET', endpoints.rightsList, { as })).json.obj).toEqual([]);
    const notices = await gw.send<Page<Notice>>('GET', endpoints.noticeList, { as });
    expect(notices.json.obj.total).toBe(1);
    expect(notices.json.obj.list[0]).toMatchObject({
      title: '欢迎使用健康服务平台',
      readFlag: 0,
      noticeType: 'system',
    });
    expect((await gw.send('GET', endpoints.agreement, { as })).json.obj).toMatchObject({ agreed: false });
    const [attr] = await gw.db.query('select promoter_id, agent_id from attributions where user_id = $1', [
      ck.json.obj.userInfo.userId,
    ]);
    expect(attr).toEqual({ promoter_id: 'P100239', agent_id: 'A9001' });
    const agreed = await gw.send('POST', endpoints.agreementAgree, { as });
    expect(agreed.json.obj).toMatchObject({ agreementVersion: 'v2-v2' });
    expect((await gw.send('GET', endpoints.agreement, { as })).json.obj).toMatchObject({
      agreed: true,
      agreeTime: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
    });
    // A second login is not a first login: no new attribution, no second welcome.
    const url2 = await loginUrl(gw, '13612340000');
    await new Promise((r) => setTimeout(r, 0));
    const ck2 = await gw.send<LoginResult>('GET', endpoints.loginCk, {
      query: { ticket: url2.searchParams.get('ticket')!, source: 'h5portal', promoterId: 'P999' },
    });
    expect(ck2.json.obj.userInfo.userId).toBe(ck.json.obj.userInfo.userId);
    const [{ n }] = await gw.db.query<{ n: number }>('select count(*)::int as n from notices where user_id = $1', [
      ck.json.obj.userInfo.userId,
    ]);
    expect(n).toBe(1);
  });

  it('微信授权登录 adds openId, nickname and a local headImgUrl; wxinfo binds them', async () => {
    const phone = '13687654321';
    const sms = await ssoSms(gw.app, phone);
    const res = await ssoForm(gw.app, { phone, code: sms.obj!.demoCode!, wx: '1' });
    const url = new URL(String(res.headers.location));
    const openId = url.searchParams.get('openId')!;
    expect(openId).toMatch(/^wx_[0-9a-f]{24}$/);
    // One WeChat account per phone: the same again, another for another phone.
    const again = await ssoLogin(gw.app, phone, { wx: '1' });
    expect(new URL(String(again.headers.location)).searchParams.get('openId')).toBe(openId);
    const other = await ssoLogin(gw.app, '13687650000', { wx: '1' });
    expect(new URL(String(other.headers.location)).searchParams.get('openId')).toMatch(/^wx_[0-9a-f]{24}$/);
    expect(new URL(String(other.headers.location)).searchParams.get('openId')).not.toBe(openId);
    expect(url.searchParams.get('headImgUrl')).toBe('/sso/wx-avatar.svg');
    const ck = await gw.send<LoginResult>('GET', endpoints.loginCk, {
      query: { ticket: url.searchParams.get('ticket')!, source: 'h5portal' },
    });
    const wx = await gw.send('POST', endpoints.wxinfo, {
      as: { token: ck.json.obj.token },
      body: {
        openId,
        nickname: url.searchParams.get('nickname'),
        headImgUrl: url.searchParams.get('headImgUrl'),
        openIdSign: url.searchParams.get('openIdSign'),
      },
    });
    expect(wx.json.obj).toMatchObject({ nickname: '微信用户4321', headUrl: '/sso/wx-avatar.svg' });
  });

  it('hands back openIds nobody can work out from a phone, and a sign only the SSO can make', async () => {
    const phone = '13687654322';
    const url = await loginUrl(gw, phone, { wx: '1' });
    const openId = url.searchParams.get('openId')!;
    // Not the unkeyed hash of the phone that anyone could compute.
    expect(openId).not.toBe(`wx_${sha256(`wx:${phone}`).slice(0, 24)}`);
    expect(openId).toBe(simulatedOpenId(DEMO_SSO_SECRET, phone));
    expect(simulatedOpenId('another-secret', phone)).not.toBe(openId);
    expect(url.searchParams.get('openIdSign')).toBe(await vouched(openId, phone));
    // The sign is carried beside the ticket and the state the portal put in redirect_url.
    const withState = await loginUrl(gw, phone, { wx: '1', redirect_url: `${SSO_REDIRECT}?state=abc123` });
    expect(withState.searchParams.get('state')).toBe('abc123');
    expect(withState.searchParams.get('openIdSign')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('wxinfo stores only an openId the SSO vouched for, for the caller’s own phone', async () => {
    // The victim's login with WeChat: their openId and its sign are theirs alone.
    const victim = '13687654323';
    const theirs = await loginUrl(gw, victim, { wx: '1' });
    const openId = theirs.searchParams.get('openId')!;
    const sign = theirs.searchParams.get('openIdSign')!;
    const post = async (body: Record<string, string>) =>
      (await gw.send('POST', endpoints.wxinfo, { as: 'agent', body: { nickname: '抢注', ...body } })).json;
    const refusal = { code: Code.businessError, desc: BizDesc.wxNotVouched, obj: null };
    expect(await post({ openId })).toEqual(refusal);
    expect(await post({ openId, openIdSign: '' })).toEqual(refusal);
    expect(await post({ openId, openIdSign: '0'.repeat(64) })).toEqual(refusal);
    expect(await post({ openId, openIdSign: sign.toUpperCase() })).toEqual(refusal);
    // The victim's own sign does not carry over to another account.
    expect(await post({ openId, openIdSign: sign })).toEqual(refusal);
    // A sign made with another key is no sign.
    expect(
      await post({ openId, openIdSign: await openIdSign('another-secret', openId, DEMO.agent.mobilePhone) }),
    ).toEqual(refusal);
    const [squatted] = await gw.db.query<{ n: number }>('select count(*)::int as n from users where wx_open_id = $1', [
      openId,
    ]);
    expect(squatted.n).toBe(0);
    // The victim binds it in their own session.
    const ck = await gw.send<LoginResult>('GET', endpoints.loginCk, {
      query: { ticket: theirs.searchParams.get('ticket')!, source: 'h5portal' },
    });
    const own = await gw.send('POST', endpoints.wxinfo, {
      as: { token: ck.json.obj.token },
      body: { openId, nickname: '本人', openIdSign: sign },
    });
    expect(own.json).toMatchObject({ code: Code.ok });
  });

  it('a remote headImgUrl is never stored', async () => {
    const wx = await gw.send('POST', endpoints.wxinfo, {
      as: 'agent',
      body: {
        openId: 'wx_agent',
        nickname: '李',
        headImgUrl: 'https://thirdwx.example/x.png',
        openIdSign: await vouched('wx_agent', DEMO.agent.mobilePhone),
      },
    });
    expect(wx.json.obj).toMatchObject({ headUrl: '' });
    // Nor a path of ours followed by what a path may not hold.
    const spaced = await gw.send('POST', endpoints.wxinfo, {
      as: 'agent',
      body: {
        openId: 'wx_agent',
        nickname: '李',
        headImgUrl: '/sso/wx-avatar.svg x',
        openIdSign: await vouched('wx_agent', DEMO.agent.mobilePhone),
      },
    });
    expect(spaced.json.obj).toMatchObject({ headUrl: '' });
  });

  it('refuses a WeChat account already bound to another customer', async () => {
    const bind = async (as: 'agent' | 'customer') =>
      (
        await gw.send('POST', endpoints.wxinfo, {
          as,
          body: {
            openId: 'wx_shared',
            nickname: '同一微信',
            openIdSign: await vouched('wx_shared', DEMO[as].mobilePhone),
          },
        })
      ).json;
    expect(await bind('agent')).toMatchObject({ code: Code.ok });
    expect(await bind('customer')).toMatchObject({ code: Code.businessError, desc: BizDesc.wxBoundElsewhere });
    expect(await bind('agent')).toMatchObject({ code: Code.ok });
  });

  it('records an attribution only for a new customer a share brought, with what the share carried', async () => {
    const attribution = async (phone: string) =>
      (
        await gw.send('GET', endpoints.adminAttribution, {
          query: { phone },
          headers: { 'X-Admin-Key': DEMO_ADMIN_KEY },
        })
      ).json.obj;
    const ck = async (phone: string, share: Record<string, string>) =>
      (
        await gw.send<LoginResult>('GET', endpoints.loginCk, {
          query: { ticket: (await loginUrl(gw, phone)).searchParams.get('ticket')!, source: 'h5portal', ...share },
        })
      ).json.obj;

    // A returning customer: the share is not theirs to carry, and their result names none.
    const returning = await ck('13800138000', { promoterId: 'P7', agentId: 'A7' });
    expect(Object.keys(returning)).not.toEqual(expect.arrayContaining(['promoterId']));
    expect(Object.keys(returning)).not.toEqual(expect.arrayContaining(['agentId']));
    expect(Object.keys(returning)).not.toEqual(expect.arrayContaining(['ucAgentUserId']));
    expect(await attribution('13800138000')).toBeNull();

    // A new customer nobody brought: none, and an ucUserId of their own.
    const alone = await ck('13612349999', {});
    expect(alone.ucUserId).toMatch(/^UC\d{9}$/);
    expect(await attribution('13612349999')).toBeNull();

    // A new customer brought by a promoter alone.
    await ck('13612348888', { promoterId: 'P8' });
    expect(await attribution('13612348888')).toMatchObject({ promoterId: 'P8', agentId: null, source: 'h5portal' });
  });

  it('unbind revokes the token and unbinds the phone; logging in again, even through a share, rebinds the same customer with no attribution', async () => {
    const url = await loginUrl(gw, '13700137000');
    const ck = await gw.send<LoginResult>('GET', endpoints.loginCk, {
      query: { ticket: url.searchParams.get('ticket')!, source: 'h5portal' },
    });
    const as = { token: ck.json.obj.token };
    expect((await gw.send('GET', endpoints.unbind, { as })).json).toEqual({ code: Code.ok, desc: '成功', obj: null });
    expect((await gw.send('GET', endpoints.noticeCount, { as })).json.obj).toEqual({ reason: 'token-expired' });
    expect((await gw.send('GET', endpoints.noticeCount, { as: 'empty' })).json.obj).toEqual({
      reason: 'token-expired',
    });
    const [u] = await gw.db.query('select mobile_phone, unbound_phone from users where id = $1', ['u-13700137000']);
    expect(u).toEqual({ mobile_phone: null, unbound_phone: '13700137000' });
    const url2 = await loginUrl(gw, '13700137000');
    const ck2 = await gw.send<LoginResult>('GET', endpoints.loginCk, {
      query: { ticket: url2.searchParams.get('ticket')!, source: 'h5portal', promoterId: 'P9', agentId: 'A9' },
    });
    expect(ck2.json.obj.userInfo).toMatchObject({ userId: 'u-13700137000', mobilePhone: '13700137000' });
    // Rebound, not new: the share did not bring this customer.
    expect(await gw.db.query('select 1 from attributions where user_id = $1', ['u-13700137000'])).toEqual([]);
  });
});

/**
 * What the other request of a race did between this one's check and its write, played in
 * order: the check answers as before the other's commit, then the other's row is there. The
 * races themselves run on PostgreSQL in races.test.ts; these reach the branches that answer them.
 */
describe('login when another request wins a race', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await createTestGateway();
  });
  afterAll(() => gw.close());

  /** Until the test ends, the first statement starting with `check` answers no row after `meanwhile` runs. */
  function raceAt(check: string, meanwhile: (q: Queryable) => Promise<unknown>) {
    const { db } = gw;
    const { query, transaction } = db;
    let raced = false;
    /** `q`'s query with the race at `check`. */
    const race =
      (q: Queryable['query']): Queryable['query'] =>
      async <T>(sql: string, params?: unknown[], name?: string) => {
        if (raced || !sql.trimStart().startsWith(check)) return q<T>(sql, params, name);
        raced = true;
        await meanwhile({ query: q, exec: () => Promise.resolve() });
        return [] as T[];
      };
    db.query = race(query.bind(db));
    db.transaction = <T>(fn: (tx: Queryable) => Promise<T>) =>
      transaction.call(db, (tx) => fn({ ...tx, query: race(tx.query.bind(tx)) })) as Promise<T>;
    onTestFinished(() => {
      db.query = query;
      db.transaction = transaction;
    });
    return () => raced;
  }

  it("a first login of a phone another first login just created is that customer's, with no second welcome or attribution", async () => {
    const phone = '13612340001';
    const raced = raceAt(`select ${USER_COLUMNS} from users where mobile_phone`, (q) =>
      q.query(
        `insert into users (id, mobile_phone, nickname, role, uc_user_id) values ('u-winner', $1, '先到', 'customer', 'UC100000001')`,
        [phone],
      ),
    );
    const url = await loginUrl(gw, phone);
    const ck = await gw.send<LoginResult>('GET', endpoints.loginCk, {
      query: { ticket: url.searchParams.get('ticket')!, source: 'h5portal', promoterId: 'P1' },
    });
    expect(raced()).toBe(true);
    expect(ck.json).toMatchObject({ code: Code.ok, obj: { userInfo: { userId: 'u-winner', mobilePhone: phone } } });
    expect(await gw.db.query('select 1 from notices where user_id = $1', ['u-winner'])).toEqual([]);
    expect(await gw.db.query('select 1 from attributions where user_id = $1', ['u-winner'])).toEqual([]);
  });

  it('binding a WeChat account another customer bound meanwhile is refused with its message', async () => {
    const raced = raceAt('select 1 from users where wx_open_id', (q) =>
      q.query(`update users set wx_open_id = 'wx_raced' where id = $1`, [DEMO.agent.userId]),
    );
    const res = await gw.send('POST', endpoints.wxinfo, {
      as: 'customer',
      body: { openId: 'wx_raced', nickname: '后到', openIdSign: await vouched('wx_raced', DEMO.customer.mobilePhone) },
    });
    expect(raced()).toBe(true);
    expect(res.json).toMatchObject({ code: Code.businessError, desc: BizDesc.wxBoundElsewhere });
  });
});

describe('SSO in production', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await createTestGateway({
      production: true,
      nodeEnv: 'production',
      ssoAllowedOrigins: ['https://h5.example.com'],
    });
  });
  afterAll(() => gw.close());

  it('redirects only to SSO_ALLOWED_ORIGINS and never shows the code', async () => {
    const local = await gw.app.inject({
      method: 'GET',
      url: `${endpoints.ssoLogin}?redirect_url=${encodeURIComponent(SSO_REDIRECT)}`,
    });
    expect(local.statusCode).toBe(400);
    const allowed = await gw.app.inject({
      method: 'GET',
      url: `${endpoints.ssoLogin}?redirect_url=${encodeURIComponent('https://h5.example.com/transferPage')}`,
    });
    expect(allowed.statusCode).toBe(200);
    const sms = await ssoSms(gw.app, '13800138000');
    expect(sms).toEqual({ code: Code.ok, desc: '成功', obj: { sent: true } });
  });
});
