import { http, HttpResponse } from 'msw';
import { BizDesc, Code } from '@contract/codes';
import { endpoints, Header } from '@contract/endpoints';
import {
  adminAttributionQuery,
  adminConfirmBody,
  consumeListQuery,
  evaluateBody,
  idQuery,
  rightsListQuery,
  writeOffBody,
} from '@contract/schemas';
import type { Consumption } from '@contract/types';
import { normalizeMobile } from '@contract/validation';
import catalog from '../../../public/jsons/serviceCatalog.json';
import { db, type MockConsumption, nowText, rightStatus, toRight } from '../db';
import { caller, envelope, jsonBody, ok, paginate, parse, query, refused, url } from './common';

const WRITE_OFF_TTL_MS = 15 * 60 * 1000;

/** A consumption as the contract shows it, with its right's and service's names. */
export function toConsumption(row: MockConsumption): Consumption {
  const right = db.rights.find((r) => r.id === row.rightId);
  const service = catalog.services.find((s) => s.code === right?.serviceCode);
  const { userId: _u, ...rest } = row;
  return {
    ...rest,
    rightName: right?.name ?? '',
    serviceCode: right?.serviceCode ?? '',
    serviceName: service?.name ?? '',
  };
}

/** A pending code past its 15 minutes reads as expired (as the gateway marks it). */
function expireIfDue(row: MockConsumption): void {
  if (row.status === 'pending' && row.expireTime && row.expireTime < nowText()) row.status = 'expired';
}

let nextId = 1000;

export const benefitHandlers = [
  http.get(url(endpoints.rightsList), ({ request }) => {
    const user = caller(request);
    if (user instanceof Response) return user;
    const q = parse(rightsListQuery, query(request));
    if (q instanceof Response) return q;
    const rights = db.rights
      .filter((r) => r.userId === user.userId)
      .filter((r) => !q.status || rightStatus(r) === q.status)
      .filter((r) => !q.productLine || r.productLine === q.productLine)
      .map(toRight);
    return ok(rights);
  }),
  http.get(url(endpoints.consumeCount), ({ request }) => {
    const user = caller(request);
    if (user instanceof Response) return user;
    const mine = db.consumptions.filter((c) => c.userId === user.userId);
    const done = mine.filter((c) => c.status === 'success');
    const evaluated = done.filter((c) => c.evaluateStatus === 1).length;
    return ok({ total: mine.length, toEvaluate: done.length - evaluated, evaluated });
  }),
  http.get(url(endpoints.consumeList), ({ request }) => {
    const user = caller(request);
    if (user instanceof Response) return user;
    const q = parse(consumeListQuery, query(request));
    if (q instanceof Response) return q;
    const rows = db.consumptions
      .filter((c) => c.userId === user.userId)
      .map((c) => (expireIfDue(c), c))
      .filter(
        (c) => q.evaluateStatus === undefined || (c.status === 'success' && c.evaluateStatus === q.evaluateStatus),
      )
      .sort((a, b) => b.createTime.localeCompare(a.createTime) || b.id - a.id)
      .map(toConsumption);
    return ok(paginate(rows, q.pageNum, q.pageSize));
  }),
  http.get(url(endpoints.consumeDetail), ({ request }) => {
    const user = caller(request);
    if (user instanceof Response) return user;
    const q = parse(idQuery, query(request));
    if (q instanceof Response) return q;
    const row = db.consumptions.find((c) => c.id === q.id && c.userId === user.userId);
    if (!row) return refused(BizDesc.consumeNotFound);
    expireIfDue(row);
    return ok(toConsumption(row));
  }),
  http.post(url(endpoints.writeOff), async ({ request }) => {
    const user = caller(request);
    if (user instanceof Response) return user;
    const body = parse(writeOffBody, await jsonBody(request));
    if (body instanceof Response) return body;
    const right = db.rights.find((r) => r.id === body.rightId && r.userId === user.userId);
    if (!right) return refused(BizDesc.rightNotFound);
    const status = rightStatus(right);
    if (status === 'expired') return refused(BizDesc.rightExpired);
    if (status === 'used') return refused(BizDesc.rightUsedUp);
    const pending = db.consumptions.find((c) => c.rightId === right.id && (expireIfDue(c), c.status === 'pending'));
    if (pending) return ok(toConsumption(pending));
    const row: MockConsumption = {
      id: nextId++,
      userId: user.userId,
      rightId: right.id,
      providerName: '',
      writeOffCode: String(Math.floor(1e11 + Math.random() * 9e11)),
      status: 'pending',
      createTime: nowText(),
      expireTime: nowText(WRITE_OFF_TTL_MS),
      evaluateStatus: 0,
    };
    db.consumptions.push(row);
    return ok(toConsumption(row));
  }),
  http.post(url(endpoints.evaluate), async ({ request }) => {
    const user = caller(request);
    if (user instanceof Response) return user;
    const body = parse(evaluateBody, await jsonBody(request));
    if (body instanceof Response) return body;
    const row = db.consumptions.find((c) => c.id === body.consumeId && c.userId === user.userId);
    if (!row) return refused(BizDesc.consumeNotFound);
    if (row.evaluateStatus === 1) return refused(BizDesc.alreadyEvaluated);
    if (row.status !== 'success') return refused(BizDesc.notEvaluable);
    Object.assign(row, { evaluateStatus: 1, score: body.score, content: body.content, tags: body.tags });
    return ok({
      id: row.id,
      consumeId: row.id,
      score: body.score,
      content: body.content,
      tags: body.tags,
      createTime: nowText(),
    });
  }),
];

/** What a provider's scan does (the gateway's /admin/writeOff/confirm): the refusal, or null. */
function confirm(writeOffCode: string, providerName: string): string | null {
  const row = db.consumptions.find((c) => c.writeOffCode === writeOffCode);
  if (!row) return BizDesc.codeNotFound;
  expireIfDue(row);
  if (row.status === 'success') return BizDesc.codeUsed;
  if (row.status !== 'pending') return BizDesc.codeExpired;
  const right = db.rights.find((r) => r.id === row.rightId);
  if (!right || (right.totalTimes !== null && right.usedTimes >= right.totalTimes)) return BizDesc.rightUsedUp;
  Object.assign(row, { status: 'success', providerName, consumeTime: nowText() });
  right.usedTimes += 1;
  return null;
}

/** Test helper: confirms a pending code as a provider would; throws when it is refused. */
export function confirmWriteOff(writeOffCode: string, providerName = '康源健康科技'): void {
  const refusal = confirm(writeOffCode, providerName);
  if (refusal) throw new Error(`confirm ${writeOffCode}: ${refusal}`);
}

/** A missing or wrong X-Admin-Key: the gateway's 401 envelope (routes/admin.ts), not a 10001. */
const adminKeyRefusal = (request: Request) =>
  request.headers.get(Header.adminKey) === 'demo-admin-key'
    ? null
    : HttpResponse.json(envelope(Code.unauthorized, BizDesc.adminKeyInvalid, null));

export const adminHandlers = [
  http.post(url(endpoints.adminWriteOffConfirm), async ({ request }) => {
    const keyRefusal = adminKeyRefusal(request);
    if (keyRefusal) return keyRefusal;
    const body = parse(adminConfirmBody, await jsonBody(request));
    if (body instanceof Response) return body;
    const refusal = confirm(body.writeOffCode, body.providerName);
    if (refusal) return refused(refusal);
    const row = db.consumptions.find((c) => c.writeOffCode === body.writeOffCode)!;
    return ok(toConsumption(row));
  }),
  http.get(url(endpoints.adminAttribution), ({ request }) => {
    const keyRefusal = adminKeyRefusal(request);
    if (keyRefusal) return keyRefusal;
    const q = parse(adminAttributionQuery, query(request));
    if (q instanceof Response) return q;
    const user = db.users.find((u) => u.mobilePhone === normalizeMobile(q.phone));
    return ok((user && db.attributions.get(user.userId)) ?? null);
  }),
];
