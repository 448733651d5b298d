/**
 * Races (DESIGN §7 "Gateway details"): run on PostgreSQL with a connection pool only — PGlite
 * has one connection, so a race cannot show there. Each test names the database guard it
 * proves. `bash scripts/with-postgres.sh npx vitest run --project gateway` runs them.
 */
import { BizDesc, Code } from '../../contract/codes';
import { endpoints } from '../../contract/endpoints';
import type { Consumption } from '../../contract/types';
import { DEMO_ADMIN_KEY } from './config';
import { createTestGateway, onPostgres, type TestGateway } from './test-helpers';

const N = 50;

describe.skipIf(!onPostgres)('races on PostgreSQL (50 concurrent requests)', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await createTestGateway();
    expect(gw.db.kind).toBe('pg');
  });
  afterAll(() => gw?.close());

  it('50 confirms of one code → exactly 1 success, usedTimes + 1 (guard: SELECT … FOR UPDATE + conditional UPDATE used_times < total_times, one transaction)', async () => {
    // Right 3 of the demo customer: 2 times, 1 used — exactly one time left.
    const w = await gw.send<Consumption>('POST', endpoints.writeOff, { as: 'customer', body: { rightId: 3 } });
    const results = await Promise.all(
      Array.from({ length: N }, () =>
        gw.send('POST', endpoints.adminWriteOffConfirm, {
          headers: { 'x-admin-key': DEMO_ADMIN_KEY },
          body: { writeOffCode: w.json.obj.writeOffCode, providerName: '悦齿口腔门诊' },
        }),
      ),
    );
    const ok = results.filter((r) => r.json.code === Code.ok);
    expect(ok).toHaveLength(1);
    expect(results.filter((r) => r.json.desc === BizDesc.codeUsed)).toHaveLength(N - 1);
    const [right] = await gw.db.query<{ used_times: number; total_times: number }>('select used_times, total_times from rights where id = 3');
    expect(right).toEqual({ used_times: 2, total_times: 2 });
  });

  it('50 writeOffs of one right → one pending consumption (guard: partial unique index consumptions_one_pending_per_right)', async () => {
    const results = await Promise.all(
      Array.from({ length: N }, () => gw.send<Consumption>('POST', endpoints.writeOff, { as: 'customer', body: { rightId: 4 } })),
    );
    expect(results.every((r) => r.json.code === Code.ok)).toBe(true);
    expect(new Set(results.map((r) => r.json.obj.writeOffCode)).size).toBe(1);
    const [{ n }] = await gw.db.query<{ n: number }>(`select count(*)::int as n from consumptions where right_id = 4 and status = 'pending'`);
    expect(n).toBe(1);
  });

  it('50 evaluations of one record → one row (guard: unique constraint evaluations_consume_id_key)', async () => {
    const results = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        gw.send('POST', endpoints.evaluate, { as: 'customer', body: { consumeId: 4, score: (i % 5) + 1, content: `第${i}次` } }),
      ),
    );
    expect(results.filter((r) => r.json.code === Code.ok)).toHaveLength(1);
    expect(results.filter((r) => r.json.desc === BizDesc.alreadyEvaluated)).toHaveLength(N - 1);
    const [{ n }] = await gw.db.query<{ n: number }>('select count(*)::int as n from evaluations where consume_id = 4');
    expect(n).toBe(1);
  });

  it('50 requests with one nonce → exactly one passes (guard: nonces primary key, insert … on conflict do nothing)', async () => {
    const nonce = 'race-nonce-0123456789';
    const results = await Promise.all(Array.from({ length: N }, () => gw.send('GET', endpoints.noticeCount, { as: 'customer', nonce })));
    expect(results.filter((r) => r.json.code === Code.ok)).toHaveLength(1);
  });
});
