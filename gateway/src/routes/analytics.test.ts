import { BizDesc, Code } from '../../../contract/codes';
import { endpoints } from '../../../contract/endpoints';
import { pruneGuardTables } from '../guard';
import { createTestGateway, type TestGateway } from '../test-helpers';

/** md/sendMq's per-address budget (docs/product.md §12.10, decision 0022). */
describe('md/sendMq: events a minute per client address', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await createTestGateway();
  });
  afterAll(() => gw.close());
  // The budget's minute is the gateway's clock: held still, every event falls in one minute.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Math.floor(Date.now() / 60_000) * 60_000 + 1000);
  });
  afterEach(() => vi.useRealTimers());

  const event = (remoteAddress: string, page: string) =>
    gw.send('POST', endpoints.sendMq, { form: true, remoteAddress, body: { eventCode: 'page_view', page } });
  const stored = async (page: string) =>
    (await gw.db.query<{ n: number }>('select count(*)::int as n from analytics_events where page = $1', [page]))[0].n;

  it('accepts 120 events from one address in a minute, refuses the 121st and stores nothing of it; another address is still accepted', async () => {
    expect(gw.config.sendMqPerMinute).toBe(120);
    for (let i = 0; i < 120; i++)
      expect((await event('203.0.113.7', '/budget-a')).json.code, `event ${i + 1}`).toBe(Code.ok);
    expect(await stored('/budget-a')).toBe(120);

    const over = await event('203.0.113.7', '/budget-a-over');
    expect(over.status).toBe(200);
    expect(over.json).toEqual({ code: Code.businessError, desc: BizDesc.sendMqBudget, obj: null });
    expect(await stored('/budget-a-over')).toBe(0);

    expect((await event('203.0.113.8', '/budget-b')).json.code).toBe(Code.ok);
    expect(await stored('/budget-b')).toBe(1);

    // The next minute starts a new count; the past minute's counters are pruned.
    vi.setSystemTime(Date.now() + 60_000);
    expect((await event('203.0.113.7', '/budget-a-next')).json.code).toBe(Code.ok);
    await pruneGuardTables(gw.db);
    const left = await gw.db.query<{ address: string; events: number }>(
      'select address, events from send_mq_budget order by address',
    );
    expect(left).toEqual([{ address: '203.0.113.7', events: 1 }]);
  });
});
