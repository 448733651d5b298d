import { http } from 'msw';
import { BizDesc, TOKEN_TTL_SECONDS } from '@contract/codes';
import { AGREEMENT_VERSIONS, CURRENT_AGREEMENT_VERSION, DEMO_SSO_SECRET, WELCOME_NOTICE } from '@contract/demo-data';
import { endpoints } from '@contract/endpoints';
import { addressBody, ckQuery, idBody, updateHeadBody, updateInfoBody, wxinfoBody } from '@contract/schemas';
import type { LoginResult } from '@contract/types';
import { ADDRESS_MAX_COUNT, AVATAR_MAX_BYTES, normalizeMobile } from '@contract/validation';
import { openIdVouched } from '@contract/wx-vouch';
import { db, isAgreed, mockToken, nowText, userInfoOf } from '../db';
import { caller, formBody, jsonBody, ok, parse, query, refused, url } from './common';

/** The image type by its magic bytes (JPEG, PNG, WebP), as the gateway checks it. */
function imageType(bytes: Uint8Array): string | null {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.slice(from, to));
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes[0] === 0x89 && ascii(1, 4) === 'PNG') return 'image/png';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  return null;
}

function login(request: Request, variant: 'ck' | 'ckNew') {
  const q = parse(ckQuery, query(request));
  if (q instanceof Response) return q;
  const phone = db.tickets.get(q.ticket);
  if (!phone) return refused(BizDesc.ticketInvalid);
  db.tickets.delete(q.ticket); // a ticket works once
  let user = db.users.find((u) => u.mobilePhone === normalizeMobile(phone));
  if (!user) {
    user = {
      userId: `u-${phone}`,
      mobilePhone: phone,
      nickname: `用户${phone.slice(-4)}`,
      headUrl: '',
      role: 'customer',
      ucUserId: `UC${phone}`,
    };
    db.users.push(user);
    db.notices.push({ ...WELCOME_NOTICE, id: 9000 + db.notices.length, userId: user.userId, createTime: nowText() });
    if (q.promoterId || q.agentId) {
      db.attributions.set(user.userId, {
        promoterId: q.promoterId ?? null,
        agentId: q.agentId ?? null,
        source: q.source,
        createTime: nowText(),
      });
    }
  }
  const token = mockToken(user.mobilePhone);
  db.tokens.set(token, user.userId);
  const result: LoginResult = {
    token,
    userInfo: userInfoOf(user),
    nickname: user.nickname,
    role: user.role,
    // As the gateway: the caller's own ids (an agent's), never the share attribution sent.
    promoterId: user.promoterId,
    agentId: user.agentId,
    ucAgentUserId: user.ucAgentUserId,
    ucUserId: user.ucUserId,
    expiresIn: TOKEN_TTL_SECONDS,
    ...(variant === 'ckNew' ? { theme: 'indexNew' as const } : {}),
  };
  return ok(result);
}

export const accountHandlers = [
  http.get(url(endpoints.loginCk), ({ request }) => login(request, 'ck')),
  http.get(url(endpoints.loginCkNew), ({ request }) => login(request, 'ckNew')),
  http.post(url(endpoints.wxinfo), async ({ request }) => {
    const user = caller(request);
    if (user instanceof Response) return user;
    const body = parse(wxinfoBody, await jsonBody(request));
    if (body instanceof Response) return body;
    // As the gateway: only an openId the SSO vouched for, for this customer's phone (decision 0052).
    if (!(await openIdVouched(DEMO_SSO_SECRET, body.openId, user.mobilePhone, body.openIdSign)))
      return refused(BizDesc.wxNotVouched);
    for (const [openId, userId] of db.openIds)
      if (openId === body.openId && userId !== user.userId) return refused(BizDesc.wxBoundElsewhere);
    db.openIds.set(body.openId, user.userId);
    // As the gateway: the WeChat profile fills only what the customer has not chosen.
    if (user.nickname === '' || /^用户\d{4}$/.test(user.nickname)) user.nickname = body.nickname;
    if (user.headUrl === '' && /^\/(?!\/)/.test(body.headImgUrl)) user.headUrl = body.headImgUrl;
    return ok(userInfoOf(user));
  }),
  http.get(url(endpoints.unbind), ({ request }) => {
    const user = caller(request);
    if (user instanceof Response) return user;
    for (const [token, userId] of db.tokens) if (userId === user.userId) db.tokens.delete(token);
    return ok(null);
  }),
  http.get(url(endpoints.agreement), ({ request }) => {
    const user = caller(request);
    if (user instanceof Response) return user;
    return ok({ ...AGREEMENT_VERSIONS, agreed: isAgreed(user) });
  }),
  http.post(url(endpoints.agreementAgree), ({ request }) => {
    const user = caller(request);
    if (user instanceof Response) return user;
    user.agreementVersion = CURRENT_AGREEMENT_VERSION;
    return ok(userInfoOf(user));
  }),
  http.post(url(endpoints.updateHead), async ({ request }) => {
    const user = caller(request);
    if (user instanceof Response) return user;
    const body = parse(updateHeadBody, await formBody(request));
    if (body instanceof Response) return body;
    const bytes = Uint8Array.from(atob(body.headImg.slice(body.headImg.indexOf(',') + 1)), (ch) => ch.charCodeAt(0));
    if (!imageType(bytes)) return refused(BizDesc.avatarInvalid);
    if (bytes.length > AVATAR_MAX_BYTES) return refused(BizDesc.avatarTooLarge);
    user.headUrl = body.headImg;
    return ok({ headUrl: user.headUrl });
  }),
  http.post(url(endpoints.updateInfo), async ({ request }) => {
    const user = caller(request);
    if (user instanceof Response) return user;
    const body = parse(updateInfoBody, await jsonBody(request));
    if (body instanceof Response) return body;
    user.nickname = body.nickname;
    return ok(userInfoOf(user));
  }),
  http.get(url(endpoints.addressList), ({ request }) => {
    const user = caller(request);
    if (user instanceof Response) return user;
    return ok(db.addresses.filter((a) => a.userId === user.userId).map(({ userId: _u, ...a }) => a));
  }),
  http.post(url(endpoints.addressSave), async ({ request }) => {
    const user = caller(request);
    if (user instanceof Response) return user;
    const body = parse(addressBody, await jsonBody(request));
    if (body instanceof Response) return body;
    const mine = db.addresses.filter((a) => a.userId === user.userId);
    const existing = body.id ? mine.find((a) => a.id === body.id) : undefined;
    if (body.id && !existing) return refused('地址不存在');
    if (!existing && mine.length >= ADDRESS_MAX_COUNT) return refused(`最多保存${ADDRESS_MAX_COUNT}个地址`);
    // As the gateway: the first address (or the only one left without a default) is the default.
    const isDefault = body.isDefault || !mine.some((a) => a.isDefault && a.id !== body.id);
    if (isDefault) for (const a of mine) a.isDefault = false;
    const saved = existing
      ? Object.assign(existing, body, { isDefault })
      : { ...body, isDefault, id: Math.max(0, ...db.addresses.map((a) => a.id ?? 0)) + 1, userId: user.userId };
    if (!existing) db.addresses.push(saved);
    const { userId: _u, ...address } = saved;
    return ok(address);
  }),
  http.post(url(endpoints.addressDelete), async ({ request }) => {
    const user = caller(request);
    if (user instanceof Response) return user;
    const body = parse(idBody, await jsonBody(request));
    if (body instanceof Response) return body;
    const index = db.addresses.findIndex((a) => a.id === body.id && a.userId === user.userId);
    if (index < 0) return refused('地址不存在');
    const [gone] = db.addresses.splice(index, 1);
    // As the gateway: deleting the default makes the oldest remaining address the default.
    const oldest = db.addresses.filter((a) => a.userId === user.userId).sort((a, b) => (a.id ?? 0) - (b.id ?? 0))[0];
    if (gone.isDefault && oldest) oldest.isDefault = true;
    return ok(null);
  }),
];
