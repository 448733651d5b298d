import { BizDesc, Code } from '../../../contract/codes';
import { endpoints } from '../../../contract/endpoints';
import type { Consumption, Right } from '../../../contract/types';
import { DEMO_ADMIN_KEY } from '../config';
import { createTestGateway, type TestGateway } from '../test-helpers';

describe('write-off, confirm and evaluation', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await createTestGateway();
  });
  afterAll(() => gw.close());

  const confirm = (writeOffCode: string, key = DEMO_ADMIN_KEY) =>
    gw.send<{ usedTimes: number; status: string }>('POST', endpoints.adminWriteOffConfirm, {
      body: { writeOffCode, providerName: '悦齿口腔门诊' },
      headers: { 'x-admin-key': key },
      nonce: null,
      timestamp: null,
    });
  const right = async (id: number) =>
    (await gw.send<Right[]>('GET', endpoints.rightsList, { as: 'customer' })).json.obj.find((r) => r.id === id)!;

  it('rights carry a computed status', async () => {
    const rights = (await gw.send<Right[]>('GET', endpoints.rightsList, { as: 'customer' })).json.obj;
    const status = Object.fromEntries(rights.map((r) => [r.id, r.status]));
    expect(status).toEqual({
      1: 'available',
      2: 'used',
      3: 'available',
      4: 'available',
      5: 'available',
      6: 'used',
      7: 'expired',
      8: 'expired',
    });
    expect(rights[0]).toEqual({
      id: 1,
      name: '在线问诊',
      serviceCode: 'online_consult',
      productLine: 'std',
      policyNo: 'P2024****8812',
      totalTimes: null,
      usedTimes: 3,
      validFrom: '2025-01-01',
      validTo: '2029-12-31',
      status: 'available',
    });
  });

  it('writeOff → pending code (12 digits, 15 min) → confirm → success, usedTimes + 1, then evaluate', async () => {
    const before = await right(3);
    const w = await gw.send<Consumption>('POST', endpoints.writeOff, { as: 'customer', body: { rightId: 3 } });
    expect(w.json.obj).toMatchObject({
      rightId: 3,
      rightName: '齿科保健',
      serviceCode: 'dental_care',
      status: 'pending',
      evaluateStatus: 0,
    });
    expect(w.json.obj.writeOffCode).toMatch(/^\d{12}$/);
    const minutes =
      (Date.parse(w.json.obj.expireTime!.replace(' ', 'T') + '+08:00') -
        Date.parse(w.json.obj.createTime.replace(' ', 'T') + '+08:00')) /
      60_000;
    expect(minutes).toBe(15);

    const detail = await gw.send<Consumption>('GET', endpoints.consumeDetail, {
      as: 'customer',
      query: { id: w.json.obj.id },
    });
    expect(detail.json.obj.status).toBe('pending');

    const c = await confirm(w.json.obj.writeOffCode);
    expect(c.json).toMatchObject({
      code: Code.ok,
      obj: { status: 'success', usedTimes: before.usedTimes + 1, providerName: '悦齿口腔门诊' },
    });
    expect(await right(3)).toMatchObject({ usedTimes: 2, status: 'used' });
    const after = await gw.send<Consumption>('GET', endpoints.consumeDetail, {
      as: 'customer',
      query: { id: w.json.obj.id },
    });
    expect(after.json.obj).toMatchObject({
      status: 'success',
      consumeTime: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
    });

    expect((await confirm(w.json.obj.writeOffCode)).json).toMatchObject({
      code: Code.businessError,
      desc: BizDesc.codeUsed,
    });
    // The right is used up now.
    expect((await gw.send('POST', endpoints.writeOff, { as: 'customer', body: { rightId: 3 } })).json.desc).toBe(
      BizDesc.rightUsedUp,
    );

    const e = await gw.send('POST', endpoints.evaluate, {
      as: 'customer',
      body: { consumeId: w.json.obj.id, score: 4, content: '' },
    });
    expect(e.json).toMatchObject({ code: Code.ok, obj: { consumeId: w.json.obj.id, score: 4, tags: [] } });
  });

  it('a pending code older than 15 minutes reads as expired, and cannot be confirmed', async () => {
    const w = await gw.send<Consumption>('POST', endpoints.writeOff, { as: 'customer', body: { rightId: 5 } });
    await gw.db.query(`update consumptions set expire_time = now() - interval '1 second' where id = $1`, [
      w.json.obj.id,
    ]);
    const d = await gw.send<Consumption>('GET', endpoints.consumeDetail, {
      as: 'customer',
      query: { id: w.json.obj.id },
    });
    expect(d.json.obj.status).toBe('expired');
    expect((await confirm(w.json.obj.writeOffCode)).json.desc).toBe(BizDesc.codeExpired);
    // A new writeOff makes a new code.
    const w2 = await gw.send<Consumption>('POST', endpoints.writeOff, { as: 'customer', body: { rightId: 5 } });
    expect(w2.json.obj.id).not.toBe(w.json.obj.id);
    expect(w2.json.obj.status).toBe('pending');
  });

  it('a write-off of a right whose pending code went stale unread makes a new code', async () => {
    const w = await gw.send<Consumption>('POST', endpoints.writeOff, { as: 'customer', body: { rightId: 1 } });
    expect(w.json.obj.status).toBe('pending');
    await gw.db.query(`update consumptions set expire_time = now() - interval '1 second' where id = $1`, [
      w.json.obj.id,
    ]);
    const w2 = await gw.send<Consumption>('POST', endpoints.writeOff, { as: 'customer', body: { rightId: 1 } });
    expect(w2.json.obj).toMatchObject({ status: 'pending' });
    expect(w2.json.obj.writeOffCode).not.toBe(w.json.obj.writeOffCode);
    const [row] = await gw.db.query('select status from consumptions where id = $1', [w.json.obj.id]);
    expect(row).toEqual({ status: 'expired' });
  });

  it('an expired pending code is refused at confirm even before anyone read it', async () => {
    const w = await gw.send<Consumption>('POST', endpoints.writeOff, { as: 'agent', body: { rightId: 10 } });
    await gw.db.query(`update consumptions set expire_time = now() - interval '1 second' where id = $1`, [
      w.json.obj.id,
    ]);
    expect((await confirm(w.json.obj.writeOffCode)).json.desc).toBe(BizDesc.codeExpired);
    const [row] = await gw.db.query('select status from consumptions where id = $1', [w.json.obj.id]);
    expect(row).toEqual({ status: 'expired' });
  });

  it('confirm refuses when the right ran out meanwhile (权益次数已用完)', async () => {
    const w = await gw.send<Consumption>('POST', endpoints.writeOff, { as: 'agent', body: { rightId: 10 } });
    await gw.db.query('update rights set used_times = total_times where id = 10');
    expect((await confirm(w.json.obj.writeOffCode)).json.desc).toBe(BizDesc.rightUsedUp);
  });

  it('confirm refuses a code nobody was given', async () => {
    expect((await confirm('999999999999')).json).toMatchObject({
      code: Code.businessError,
      desc: BizDesc.codeNotFound,
    });
  });

  it('write-off refuses an unknown or out-of-date right', async () => {
    const refusal = async (rightId: number) =>
      (await gw.send('POST', endpoints.writeOff, { as: 'customer', body: { rightId } })).json;
    expect(await refusal(999999)).toMatchObject({ code: Code.businessError, desc: BizDesc.rightNotFound });
    expect(await refusal(7)).toMatchObject({ code: Code.businessError, desc: BizDesc.rightExpired });
  });

  it('an evaluation needs a confirmed consumption of the caller, once', async () => {
    const evaluate = async (consumeId: number) =>
      (await gw.send('POST', endpoints.evaluate, { as: 'customer', body: { consumeId, score: 5 } })).json;
    expect(await evaluate(999999)).toMatchObject({ code: Code.businessError, desc: BizDesc.consumeNotFound });
    const w = await gw.send<Consumption>('POST', endpoints.writeOff, { as: 'customer', body: { rightId: 1 } });
    expect(await evaluate(w.json.obj.id)).toMatchObject({ code: Code.businessError, desc: BizDesc.notEvaluable });
    await confirm(w.json.obj.writeOffCode);
    expect(await evaluate(w.json.obj.id)).toMatchObject({ code: Code.ok });
    expect(await evaluate(w.json.obj.id)).toMatchObject({ code: Code.businessError, desc: BizDesc.alreadyEvaluated });
  });

  it('the list filters evaluated and to-be-evaluated records', async () => {
    const list = async (evaluateStatus?: number) =>
      (
        await gw.send<{ list: Consumption[] }>('GET', endpoints.consumeList, {
          as: 'customer',
          query: evaluateStatus === undefined ? { pageSize: 50 } : { pageSize: 50, evaluateStatus },
        })
      ).json.obj.list;
    const all = await list();
    const evaluated = await list(1);
    const toEvaluate = await list(0);
    expect(evaluated.length).toBeGreaterThan(0);
    expect(evaluated.every((c) => c.evaluateStatus === 1)).toBe(true);
    expect(toEvaluate.every((c) => c.evaluateStatus === 0 && c.status === 'success')).toBe(true);
    expect(all.length).toBeGreaterThan(evaluated.length + toEvaluate.length - 1);
    expect(all.some((c) => c.status !== 'success')).toBe(true);
  });

  it('the admin key is required', async () => {
    const res = await confirm('000000000000', 'wrong-key');
    expect(res.json).toMatchObject({ code: Code.unauthorized, desc: BizDesc.adminKeyInvalid });
    const none = await gw.app.inject({
      method: 'POST',
      url: endpoints.adminWriteOffConfirm,
      payload: { writeOffCode: '000000000000', providerName: 'x' },
    });
    expect(none.json().code).toBe(Code.unauthorized);
  });

  it('a consumption list is paged newest first with services named from the catalog', async () => {
    const list = await gw.send<{ list: Consumption[]; total: number }>('GET', endpoints.consumeList, {
      as: 'customer',
      query: { pageNum: 1, pageSize: 50 },
    });
    const seeded = list.json.obj.list.find((c) => c.id === 2)!;
    expect(seeded).toMatchObject({
      rightName: '年度体检',
      serviceCode: 'checkup',
      serviceName: '体检预约',
      createTime: '2026-04-18 07:52:10',
      consumeTime: '2026-04-18 07:55:43',
      tags: ['流程顺畅', '服务热情'],
    });
    const times = list.json.obj.list.map((c) => c.createTime);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('pages the list by pageNum and pageSize: a later page continues the whole list', async () => {
    const page = async (pageNum: number, pageSize: number) =>
      (
        await gw.send<{ list: Consumption[] }>('GET', endpoints.consumeList, {
          as: 'customer',
          query: { pageNum, pageSize },
        })
      ).json.obj.list.map((c) => c.id);
    const all = await page(1, 50);
    expect(all.length).toBeGreaterThan(5);
    expect(await page(2, 2)).toEqual(all.slice(2, 4));
    expect(await page(3, 2)).toEqual(all.slice(4, 6));
  });

  it('a write-off names its provider from the catalog; each record shows only the times and evaluation its status has', async () => {
    const w = await gw.send<Consumption>('POST', endpoints.writeOff, { as: 'customer', body: { rightId: 4 } });
    expect(w.json.obj).toMatchObject({ status: 'pending', providerName: '康途医疗服务有限公司' });
    expect(w.json.obj.expireTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(w.json.obj).not.toHaveProperty('consumeTime');
    expect(w.json.obj).not.toHaveProperty('score');
    // Gone stale unread: the list marks it expired, and an expired code has no expiry time.
    await gw.db.query(`update consumptions set expire_time = now() - interval '1 second' where id = $1`, [
      w.json.obj.id,
    ]);
    const list = (
      await gw.send<{ list: Consumption[] }>('GET', endpoints.consumeList, {
        as: 'customer',
        query: { pageNum: 1, pageSize: 50 },
      })
    ).json.obj.list;
    const stale = list.find((c) => c.id === w.json.obj.id)!;
    expect(stale.status).toBe('expired');
    expect(stale).not.toHaveProperty('expireTime');
    expect(stale).not.toHaveProperty('consumeTime');
    const [row] = await gw.db.query('select status from consumptions where id = $1', [w.json.obj.id]);
    expect(row).toEqual({ status: 'expired' });
    // A confirmed and evaluated one: its consumption time and the evaluation as written.
    const evaluated = list.find((c) => c.id === 2)!;
    expect(evaluated).toMatchObject({
      status: 'success',
      consumeTime: '2026-04-18 07:55:43',
      evaluateStatus: 1,
      score: 5,
      content: '预约方便，到前台出示核销码就安排体检了，流程很顺，抽血也不用等。',
    });
    expect(evaluated).not.toHaveProperty('expireTime');
  });
});
