/**
 * The first screens' reads in one batched statement (screen-reads.ts, decision 0038): the
 * notice list, the unread count, the rights list and the consumption counts of requests that
 * arrive together share a statement whatever their kind, and each caller still gets exactly
 * the answer it gets alone.
 */
import { endpoints } from '../../../contract/endpoints';
import type { Right } from '../../../contract/types';
import { createTestGateway, type DemoRole, type TestGateway } from '../test-helpers';

/** The contract `Right`'s fields, in the order the answer writes them. */
const RIGHT_KEYS = [
  'id',
  'name',
  'serviceCode',
  'productLine',
  'policyNo',
  'totalTimes',
  'usedTimes',
  'validFrom',
  'validTo',
  'status',
];

const READS: { url: string; query?: Record<string, string> }[] = [
  { url: endpoints.noticeList, query: { pageNum: '1', pageSize: '5' } },
  { url: endpoints.noticeList, query: { pageNum: '2', pageSize: '3', readFlag: '0' } },
  { url: endpoints.rightsList },
  { url: endpoints.rightsList, query: { status: 'available' } },
  { url: endpoints.rightsList, query: { productLine: 'std' } },
  { url: endpoints.noticeCount },
  { url: endpoints.consumeCount },
];
const ROLES: DemoRole[] = ['customer', 'agent', 'empty'];

describe("the first screens' reads, in one batched statement (decision 0038)", () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await createTestGateway();
  });
  afterAll(() => gw.close());

  /** Each read of each role, once, concurrently or one after another; the `obj`s in that order. */
  async function readAll(together: boolean) {
    const calls = ROLES.flatMap((as) => READS.map((r) => () => gw.send('GET', r.url, { as, query: r.query })));
    const answers = together ? await Promise.all(calls.map((c) => c())) : [];
    if (!together) for (const c of calls) answers.push(await c());
    for (const a of answers) expect(a.json.code).toBe(200);
    return answers.map((a) => a.json.obj);
  }

  it('answers every caller alone exactly as in a shared statement, in fewer statements than requests', async () => {
    const alone = await readAll(false);
    const names: string[] = [];
    const query = gw.db.query.bind(gw.db);
    gw.db.query = ((sql: string, params?: unknown[], name?: string) => {
      if (name) names.push(name);
      return query(sql, params, name);
    }) as typeof gw.db.query;
    try {
      const together = await readAll(true);
      expect(together).toStrictEqual(alone);
    } finally {
      gw.db.query = query;
    }
    // 21 reads of four kinds sent together: fewer statements than kinds, so kinds share one.
    const sent = names.filter((n) => n === 'screen_read_batch').length;
    expect(sent).toBeGreaterThan(0);
    expect(sent).toBeLessThan(4);
    // The callers differ, so a mixed-up batch would show above.
    expect(new Set(alone.map((a) => JSON.stringify(a))).size).toBeGreaterThan(READS.length);
  });

  it('writes each right with exactly the contract fields, typed as the contract says', async () => {
    const res = await gw.send<Right[]>('GET', endpoints.rightsList, { as: 'agent' });
    expect(res.json.obj.length).toBeGreaterThan(0);
    for (const right of res.json.obj) {
      expect(Object.keys(right)).toEqual(RIGHT_KEYS);
      expect(right).toMatchObject({
        id: expect.any(Number),
        usedTimes: expect.any(Number),
        validFrom: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        validTo: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      });
      expect(right.totalTimes === null || typeof right.totalTimes === 'number').toBe(true);
    }
    expect(res.json.obj.map((r) => r.id)).toEqual([...res.json.obj.map((r) => r.id)].sort((a, b) => a - b));
  });
});
