/**
 * The stand-in company login gateway (docs/product.md §7.6 extensions, §4.2): a server-rendered
 * mobile login page (phone + SMS code, or the simulated 微信授权登录), POST /sso/sms and
 * POST /sso/login. It redirects only to allowed origins, never elsewhere.
 */
import { createHash, createHmac, randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BizDesc, smsTooFrequent } from '../../../contract/codes';
import { AGREEMENT_VERSIONS } from '../../../contract/demo-data';
import { endpoints } from '../../../contract/endpoints';
import { firstIssue, ssoLoginForm, ssoSmsBody } from '../../../contract/schemas';
import { maskPhone, MOBILE_PATTERN, normalizeMobile } from '../../../contract/validation';
import { OPEN_ID_SIGN, openIdSign } from '../../../contract/wx-vouch';
import type { Config } from '../config';
import { apiRoute, type AppContext } from '../context';
import { BizError } from '../envelope';
import { newToken, sha256 } from '../guard';
import { addressGroup, capReached, recordWrongCode, wrongCodes } from './sms-failures';
import { SSO_CSS, SSO_JS, WX_AVATAR_SVG, WX_ICON } from './sso-assets';

/** SMS codes and tickets live 5 minutes; a code allows 5 attempts (and see sms-failures.ts). */
export const SMS_TTL_MINUTES = 5;
export const SMS_MAX_ATTEMPTS = 5;
export const TICKET_TTL_MINUTES = 5;
export const WX_AVATAR_PATH = '/sso/wx-avatar.svg';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The request's Origin (else its Referer's origin) is the request's own origin; neither is a refusal. */
function sameOrigin(req: FastifyRequest): boolean {
  try {
    // Neither header, an empty one or Origin `null` is no URL: a refusal. request.protocol
    // and host honour X-Forwarded-* only when trustProxy is set.
    const given = new URL(String(req.headers.origin ?? req.headers.referer));
    return given.origin === new URL(`${req.protocol}://${req.host}`).origin;
  } catch {
    return false;
  }
}

/**
 * The redirect target when its origin is allowed, else null. Outside production any http
 * origin on a loopback host (any port); always the origins of SSO_ALLOWED_ORIGINS.
 */
export function allowedRedirect(raw: string, config: Config): URL | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  if (config.ssoAllowedOrigins.includes(url.origin)) return url;
  if (!config.production && url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)) return url;
  return null;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** A query or form field as text of at most `max` characters, else `fallback` (the page's state). */
const field = (value: unknown, max: number, fallback = '') =>
  typeof value === 'string' ? value.slice(0, max) : fallback;

/**
 * The simulated WeChat account of a phone: stable, so a second 微信授权登录 finds the same
 * binding, and keyed with SSO_SECRET, so nobody can work out a customer's openId from their
 * phone number (decision 0052).
 */
export const simulatedOpenId = (secret: string, phone: string) =>
  `wx_${createHmac('sha256', secret).update(`openid\n${phone}`).digest('hex').slice(0, 24)}`;

const codeHash = (phone: string, code: string) => createHash('sha256').update(`${phone}:${code}`).digest('hex');

function layout(title: string, body: string) {
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="UTF-8">
<meta name="viewport" content="width=device-width, initial-scale=1, maximum-scale=1, user-scalable=no, viewport-fit=cover">
<meta name="format-detection" content="telephone=no">
<meta name="theme-color" content="#2f6bff">
<title>${escapeHtml(title)}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/sso/sso.css">
</head>
<body>
${body}
<p class="footer">客服热线 400-820-8820</p>
</body>
</html>`;
}

interface PageState {
  redirectUrl: string;
  source: string;
  data: string;
  phone?: string;
  error?: string;
}

function loginPage(s: PageState, config: Config) {
  const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
  return layout(
    '登录 - 健康服务平台',
    `<header class="hero"><h1>健康服务平台</h1><p>手机号验证码登录，未注册的手机号将自动注册</p></header>
<main class="card">
<form id="sso-form" method="post" action="${endpoints.ssoLogin}" novalidate>
${hidden('redirect_url', s.redirectUrl)}${hidden('source', s.source)}${hidden('data', s.data)}
<div class="field"><label for="phone">手机号</label><input id="phone" name="phone" type="tel" inputmode="numeric" autocomplete="tel" maxlength="14" placeholder="请输入手机号" pattern="${MOBILE_PATTERN.source.replace(/^\^|\$$/g, '')}" value="${escapeHtml(s.phone ?? '')}" required></div>
<div class="field"><label for="code">验证码</label><input id="code" name="code" type="text" inputmode="numeric" autocomplete="one-time-code" maxlength="6" placeholder="6位验证码" required><button type="button" id="send" class="send" data-interval="${config.sms.phoneIntervalSec}">获取验证码</button></div>
<p id="msg" class="msg" role="alert">${escapeHtml(s.error ?? '')}</p>
<p id="demo" class="demo" hidden></p>
<button type="submit" class="primary">登录</button>
<label class="agree"><input type="checkbox" id="agree" name="agree" value="1"><span>我已阅读并同意<a href="/portal/agreement/user/${AGREEMENT_VERSIONS.userAgreementVersion}">《平台用户协议》</a>和<a href="/privacyPolicy">《隐私政策》</a>，未注册手机号验证后将自动创建账号</span></label>
<section class="other"><div class="line">其他登录方式</div>
<button type="submit" class="wx" name="wx" value="1">${WX_ICON}微信授权登录</button>
<p class="hint">验证手机号后，同时授权获取您的微信昵称和头像</p></section>
</form>
</main>
<script src="/sso/sso.js"></script>`,
  );
}

function errorPage(message: string) {
  return layout(
    '登录失败 - 健康服务平台',
    `<main class="error-page"><h1>无法继续登录</h1><p>${escapeHtml(message)}</p><p>请返回应用重新发起登录。</p></main>`,
  );
}

const html = (reply: FastifyReply, code: number, body: string) =>
  reply.code(code).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').send(body);

type Verify = { ok: true; ticket: string } | { ok: false; desc: string };

export function ssoRoutes(app: FastifyInstance, { db, config }: AppContext) {
  app.get('/sso/sso.css', (_req, reply) =>
    reply
      .header('content-type', 'text/css; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(SSO_CSS),
  );
  app.get('/sso/sso.js', (_req, reply) =>
    reply
      .header('content-type', 'text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(SSO_JS),
  );
  app.get(WX_AVATAR_PATH, (_req, reply) =>
    reply.header('content-type', 'image/svg+xml').header('cache-control', 'public, max-age=86400').send(WX_AVATAR_SVG),
  );

  app.get<{ Querystring: Record<string, string | undefined> }>(endpoints.ssoLogin, async (req, reply) => {
    const q = req.query;
    const redirectUrl = typeof q.redirect_url === 'string' ? q.redirect_url : '';
    if (!redirectUrl) return html(reply, 400, errorPage('缺少回跳地址'));
    if (!allowedRedirect(redirectUrl, config)) return html(reply, 400, errorPage(BizDesc.redirectNotAllowed));
    const state = { redirectUrl, source: field(q.source, 32), data: field(q.data, 64, 'index') };
    return html(reply, 200, loginPage(state, config));
  });

  // JSON only, as the SSO page sends it: a form, which any other site can make a visitor's
  // browser post without asking, must not send codes to numbers of its choosing.
  apiRoute(app, { method: 'POST', url: endpoints.ssoSms, input: ssoSmsBody, jsonOnly: true }, async (body, req) => {
    const phone = normalizeMobile(body.phone);
    const ip = req.ip;
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const refusal = await db.transaction(async (tx) => {
      // Serialise sends to one phone, so two parallel requests cannot both pass the limit.
      await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`sms:${phone}`]);
      // The interval is per phone; the daily quota per phone and address together, so sends
      // from other addresses cannot use up a customer's quota (decision 0022).
      const [byPhone] = await tx.query<{ wait: number | null; today: number }>(
        `select ceil(extract(epoch from max(created_at) + $2::interval - now()))::int as wait,
                (count(*) filter (where ip = $3))::int as today
           from sms_codes where phone = $1 and created_at > now() - interval '1 day'`,
        [phone, `${config.sms.phoneIntervalSec} seconds`, ip],
      );
      // A phone closed to this address, or to all, gets no code it could not use (decision 0049).
      if (capReached(await wrongCodes(tx, phone, addressGroup(ip)))) return BizDesc.smsPhoneLocked;
      // The real wait, whatever SMS_PHONE_INTERVAL_SEC is.
      if (byPhone.wait !== null && byPhone.wait > 0) return smsTooFrequent(byPhone.wait);
      if (byPhone.today >= config.sms.phonePerDay) return BizDesc.smsDailyLimit;
      const [byIp] = await tx.query<{ n: number }>(
        `select count(*)::int as n from sms_codes where ip = $1 and created_at > now() - interval '1 hour'`,
        [ip],
      );
      if (byIp.n >= config.sms.ipPerHour) return BizDesc.smsIpLimit;
      await tx.query(
        `insert into sms_codes (phone, ip, code_hash, expires_at) values ($1, $2, $3, now() + interval '${SMS_TTL_MINUTES} minutes')`,
        [phone, ip, codeHash(phone, code)],
      );
      return null;
    });
    if (refusal) throw new BizError(refusal);
    // The "SMS provider" of the demo: the code itself is never logged (only shown on the
    // page outside production), and the phone only masked.
    req.log.info({ phone: maskPhone(phone) }, 'sso: sms code sent');
    return config.production ? { sent: true } : { sent: true, demoCode: code };
  });

  app.post<{ Body: Record<string, unknown> }>(endpoints.ssoLogin, async (req, reply) => {
    const raw = req.body && typeof req.body === 'object' ? req.body : {};
    const redirectUrl = typeof raw.redirect_url === 'string' ? raw.redirect_url : '';
    const target = allowedRedirect(redirectUrl, config);
    if (!target) return html(reply, 400, errorPage(redirectUrl ? BizDesc.redirectNotAllowed : '缺少回跳地址'));
    const state: PageState = {
      redirectUrl,
      source: field(raw.source, 32),
      data: field(raw.data, 64, 'index'),
      phone: field(raw.phone, 20),
    };
    // Only the SSO page itself may post this form: another site must not log a visitor into an
    // account of its choosing (docs/product.md §12.9). SSO_ALLOWED_ORIGINS names redirect targets, not
    // pages allowed to post here (decision 0024).
    if (!sameOrigin(req)) return html(reply, 403, loginPage({ ...state, error: BizDesc.ssoCrossSite }, config));
    if (raw.agree !== '1')
      return html(reply, 200, loginPage({ ...state, error: BizDesc.ssoAgreementRequired }, config));
    const parsed = ssoLoginForm.safeParse(raw);
    if (!parsed.success) return html(reply, 200, loginPage({ ...state, error: firstIssue(parsed.error) }, config));
    const form = parsed.data;
    const phone = normalizeMobile(form.phone);

    const result = await db.transaction<Verify>(async (tx) => {
      const [sms] = await tx.query<{ id: string; code_hash: string; attempts: number; live: boolean; used: boolean }>(
        `select id, code_hash, attempts, expires_at > now() as live, used_at is not null as used
           from sms_codes where phone = $1 order by id desc limit 1 for update`,
        [phone],
      );
      // The latest code's row lock (above) serialises one phone's tries, so these counts hold.
      const address = addressGroup(req.ip);
      const failures = await wrongCodes(tx, phone, address);
      if (capReached(failures)) return { ok: false, desc: BizDesc.smsPhoneLocked };
      if (!sms || sms.used || !sms.live) return { ok: false, desc: BizDesc.smsCodeExpired };
      if (sms.attempts >= SMS_MAX_ATTEMPTS) return { ok: false, desc: BizDesc.smsTooManyAttempts };
      if (sms.code_hash !== codeHash(phone, form.code)) {
        await tx.query('update sms_codes set attempts = attempts + 1 where id = $1', [sms.id]);
        const desc = capReached(await recordWrongCode(tx, phone, address, failures))
          ? BizDesc.smsPhoneLocked
          : sms.attempts + 1 >= SMS_MAX_ATTEMPTS
            ? BizDesc.smsTooManyAttempts
            : BizDesc.smsCodeWrong;
        return { ok: false, desc };
      }
      await tx.query('update sms_codes set used_at = now() where id = $1', [sms.id]);
      const ticket = newToken();
      await tx.query(
        `insert into login_tickets (ticket_hash, phone, source, expires_at) values ($1, $2, $3, now() + interval '${TICKET_TTL_MINUTES} minutes')`,
        [sha256(ticket), phone, form.source],
      );
      return { ok: true, ticket };
    });
    if (!result.ok) return html(reply, 200, loginPage({ ...state, error: result.desc }, config));

    target.searchParams.set('ticket', result.ticket);
    // `data` goes back untouched (docs/product.md §4.2: the indexCode alone): the schema neither trims nor cuts it.
    target.searchParams.set('data', form.data);
    if (raw.wx === '1') {
      // Simulated WeChat authorisation: a stable openId per phone, vouched for by a sign that
      // wxinfo checks for this phone (decision 0052), and a local avatar.
      const openId = simulatedOpenId(config.ssoSecret, phone);
      target.searchParams.set('openId', openId);
      target.searchParams.set(OPEN_ID_SIGN, await openIdSign(config.ssoSecret, openId, phone));
      target.searchParams.set('nickname', `微信用户${phone.slice(-4)}`);
      target.searchParams.set('headImgUrl', WX_AVATAR_PATH);
    }
    req.log.info({ phone: maskPhone(phone) }, 'sso: login ok, redirecting with a ticket');
    return reply.code(302).header('location', target.toString()).header('cache-control', 'no-store').send();
  });
}
