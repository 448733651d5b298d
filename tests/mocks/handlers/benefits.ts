import { http } from 'msw';
import { endpoints } from '@contract/endpoints';
import { consumeListQuery, evaluateBody, idQuery, rightsListQuery, writeOffBody } from '@contract/schemas';
import type { Consumption } from '@contract/types';
import catalog from '../../../public/jsons/serviceCatalog.json';
import { db, nowText, rightStatus, toRight, type MockConsumption } from '../db';
import { caller, jsonBody, ok, paginate, parse, query, refused, url } from './common';

const WRITE_OFF_TTL_MS = 15 * 60 * 1000;

/** A consumption as the contract shows it, with its right's and service's names. */
export function toConsumption(row: MockConsumption): Consumption {
  const right = db.rights.find((r) => r.id === row.rightId);
  const service = catalog.services.find((s) => s.code === right?.serviceCode);
  const { userId: _u, ...rest } = row;
  return { ...rest, rightName: right?.name ?? '', serviceCode: right?.serviceCode ?? '', serviceName: service?.name ?? '' };
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
    const mine = db.consumptions.filter((c) => c.userId === user.userId && c.status === 'success');
    const evaluated = mine.filter((c) => c.evaluateStatus === 1).length;
    return ok({ total: mine.length, toEvaluate: mine.length - evaluated, evaluated });
  }),
  http.get(url(endpoints.consumeList), ({ request }) => {
    const user = caller(request);
    if (user instanceof Response) return user;
    const q = parse(consumeListQuery, query(request));
    if (q instanceof Response) return q;
    const rows = db.consumptions
      .filter((c) => c.userId === user.userId)
      .map((c) => (expireIfDue(c), c))
      .filter((c) => q.evaluateStatus === undefined || (c.status === 'success' && c.evaluateStatus === q.evaluateStatus))
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
    if (!row) return refused('服务记录不存在');
    expireIfDue(row);
    return ok(toConsumption(row));
  }),
  http.post(url(endpoints.writeOff), async ({ request }) => {
    const user = caller(request);
    if (user instanceof Response) return user;
    const body = parse(writeOffBody, await jsonBody(request));
    if (body instanceof Response) return body;
    const right = db.rights.find((r) => r.id === body.rightId && r.userId === user.userId);
    if (!right) return refused('权益不存在');
    const status = rightStatus(right);
    if (status === 'expired') return refused('该权益已过期');
    if (status === 'used') return refused('该权益次数已用完');
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
    if (!row || row.status !== 'success') return refused('该服务记录不能评价');
    if (row.evaluateStatus === 1) return refused('该服务已评价');
    Object.assign(row, { evaluateStatus: 1, score: body.score, content: body.content, tags: body.tags });
    return ok({ id: row.id, consumeId: row.id, score: body.score, content: body.content, tags: body.tags, createTime: nowText() });
  }),
];

/** Test helper: what a provider's scan does (the gateway's /admin/writeOff/confirm). */
export function confirmWriteOff(writeOffCode: string, providerName = '康源健康科技'): void {
  const row = db.consumptions.find((c) => c.writeOffCode === writeOffCode);
  if (!row) throw new Error(`no consumption with code ${writeOffCode}`);
  row.status = 'success';
  row.providerName = providerName;
  row.consumeTime = nowText();
  const right = db.rights.find((r) => r.id === row.rightId);
  if (right) right.usedTimes += 1;
}
