import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { BizDesc, Code } from '../../../contract/codes';
import { endpoints } from '../../../contract/endpoints';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { migrate } from '../db/migrate';
import { loggerOptions } from '../logger';
import { freshDb, testConfig } from '../test-helpers';

/** One app per TRUST_PROXY value on one database, with one SMS code per address and hour. */
describe('TRUST_PROXY decides whose address the rate limits and the logs see', () => {
  const lines: { reqId?: string; req?: { remoteAddress?: string } }[] = [];
  const apps: Record<string, FastifyInstance> = {};
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const fresh = await freshDb();
    drop = fresh.drop;
    await migrate(fresh.db);
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const text of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(text));
        done();
      },
    });
    for (const setting of ['', '1', '127.0.0.1']) {
      const { trustProxy } = loadConfig({ TRUST_PROXY: setting });
      const config = testConfig({ trustProxy, sms: { phoneIntervalSec: 0, phonePerDay: 100, ipPerHour: 1 } });
      apps[setting] = await buildApp({
        db: fresh.db,
        config,
        logger: { ...(loggerOptions('info') as object), stream },
      });
    }
  });
  afterAll(async () => {
    for (const app of Object.values(apps)) await app.close();
    await drop();
  });

  let phone = 13611110000;
  const sms = async (app: FastifyInstance, forwardedFor: string, remoteAddress = '127.0.0.1') => {
    phone += 1;
    const res = await app.inject({
      method: 'POST',
      url: endpoints.ssoSms,
      remoteAddress,
      headers: { 'x-forwarded-for': forwardedFor },
      payload: { phone: String(phone) },
    });
    const logged = lines.find((l) => l.reqId === res.headers['x-request-id'] && l.req)?.req?.remoteAddress;
    return { code: res.json().code as number, desc: res.json().desc as string, logged };
  };

  it('unset: the socket’s address, whatever X-Forwarded-For claims', async () => {
    const first = await sms(apps[''], '198.51.100.1');
    expect(first).toMatchObject({ code: Code.ok, logged: '127.0.0.1' });
    // Another claimed client, the same socket: over the one-per-hour budget.
    expect(await sms(apps[''], '198.51.100.2')).toMatchObject({
      code: Code.businessError,
      desc: BizDesc.smsIpLimit,
      logged: '127.0.0.1',
    });
  });

  it('a hop count: the address the proxy appended', async () => {
    expect(await sms(apps['1'], '203.0.113.1')).toMatchObject({ code: Code.ok, logged: '203.0.113.1' });
    // The client's own claim before the proxy's entry is not believed.
    expect(await sms(apps['1'], '203.0.113.1, 203.0.113.2')).toMatchObject({ code: Code.ok, logged: '203.0.113.2' });
    expect(await sms(apps['1'], '203.0.113.1')).toMatchObject({ code: Code.businessError, desc: BizDesc.smsIpLimit });
  });

  it('a list of proxies: X-Forwarded-For only from them', async () => {
    expect(await sms(apps['127.0.0.1'], '192.0.2.1')).toMatchObject({ code: Code.ok, logged: '192.0.2.1' });
    expect(await sms(apps['127.0.0.1'], '192.0.2.7', '10.9.9.9')).toMatchObject({ code: Code.ok, logged: '10.9.9.9' });
    expect(await sms(apps['127.0.0.1'], '192.0.2.8', '10.9.9.9')).toMatchObject({
      code: Code.businessError,
      logged: '10.9.9.9',
    });
  });
});
