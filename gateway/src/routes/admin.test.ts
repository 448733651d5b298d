import { randomBytes } from 'node:crypto';
import { BizDesc, Code } from '../../../contract/codes';
import { endpoints } from '../../../contract/endpoints';
import type { Attribution, LoginResult } from '../../../contract/types';
import { Messages } from '../../../contract/validation';
import { sha256 } from '../guard';
import { createTestGateway, type TestGateway } from '../test-helpers';

/** GET /admin/attribution (decision 0025): whom a customer's first login was attributed to. */
let gw: TestGateway;
beforeAll(async () => {
  gw = await createTestGateway();
});
afterAll(async () => {
  await gw.close();
});

const admin = { 'X-Admin-Key': 'demo-admin-key' };

/** A ticket the SSO would have issued for `phone`. */
async function ticketFor(phone: string): Promise<string> {
  const ticket = randomBytes(16).toString('hex');
  await gw.db.query(
    `insert into login_tickets (ticket_hash, phone, expires_at) values ($1, $2, now() + interval '5 minutes')`,
    [sha256(ticket), phone],
  );
  return ticket;
}

describe('GET /admin/attribution', () => {
  it("answers a new customer's attribution with the login's source", async () => {
    const phone = '13612345001';
    const ck = await gw.send<LoginResult>('GET', endpoints.loginCkNew, {
      query: { ticket: await ticketFor(phone), source: 'h5portal', promoterId: 'P100239', agentId: 'A9001' },
    });
    expect(ck.json.code).toBe(Code.ok);
    const res = await gw.send<Attribution>('GET', endpoints.adminAttribution, { query: { phone }, headers: admin });
    expect(res.json).toMatchObject({
      code: Code.ok,
      obj: { promoterId: 'P100239', agentId: 'A9001', source: 'h5portal' },
    });
    expect(res.json.obj.createTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  });

  it('answers null for a customer nobody brought', async () => {
    const res = await gw.send('GET', endpoints.adminAttribution, { query: { phone: '13800138000' }, headers: admin });
    expect(res.json).toMatchObject({ code: Code.ok, obj: null });
  });

  it('refuses a malformed phone and a missing key', async () => {
    expect(
      (await gw.send('GET', endpoints.adminAttribution, { query: { phone: '12345' }, headers: admin })).json,
    ).toMatchObject({
      code: Code.businessError,
      desc: Messages.mobileInvalid,
    });
    expect((await gw.send('GET', endpoints.adminAttribution, { query: { phone: '13800138000' } })).json).toMatchObject({
      code: Code.unauthorized,
      desc: BizDesc.adminKeyInvalid,
    });
  });
});
