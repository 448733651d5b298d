/**
 * The gateway as a fleet (docs/product.md §12.1): two gateway processes on one PostgreSQL
 * database behave as one service. Runs on PostgreSQL only (DATABASE_URL), in `.ci/run`'s
 * PostgreSQL step; each gateway is a real child process, as `npm start` runs it.
 */
import pg from 'pg';
import { BizDesc, Code } from '../../contract/codes';
import { CLIENT_TYPE, CLIENT_VERSION, endpoints } from '../../contract/endpoints';
import type { Consumption, Envelope } from '../../contract/types';
import { ADDRESS_MAX_COUNT } from '../../contract/validation';
import { type GatewayProcess, startGateway } from '../../scripts/gateway-process';
import { DEMO_ADMIN_KEY } from './config';
import { openDb } from './db/index';
import { migrate } from './db/migrate';
import { seed } from './db/seed';
import { createSession } from './routes/login';
import { createDatabase, DEMO, newNonce, onPostgres } from './test-helpers';

interface Answer<T = unknown> {
  status: number;
  envelope: Envelope<T>;
}

/** A signed request (docs/product.md §7 headers) to one instance. */
async function call<T = unknown>(
  base: string,
  method: 'GET' | 'POST',
  path: string,
  {
    token,
    body,
    nonce = newNonce(),
    headers = {},
  }: { token?: string; body?: unknown; nonce?: string; headers?: Record<string, string> } = {},
): Promise<Answer<T>> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      clientType: CLIENT_TYPE,
      clientVersion: CLIENT_VERSION,
      nonce,
      timestamp: String(Date.now()),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, envelope: (await response.json()) as Envelope<T> };
}

/** Customers writing while the fleet restarts, each its own. */
const WORKERS = 12;

const admin = (base: string, writeOffCode: string) =>
  call(base, 'POST', endpoints.adminWriteOffConfirm, {
    headers: { 'x-admin-key': DEMO_ADMIN_KEY },
    body: { writeOffCode, providerName: '悦齿口腔门诊' },
  });

describe.skipIf(!onPostgres)('two gateway processes on one PostgreSQL', () => {
  let url: string;
  let databaseName: string;
  let rootUrl: string;
  let dropDatabase: () => Promise<void>;
  let tokens: { customer: string; workers: string[] };
  const instances: GatewayProcess[] = [];
  const start = async () => {
    // The balancer below polls readiness every 50 ms: half a second of drain delay covers it.
    const gateway = await startGateway({ env: { DATABASE_URL: url, SHUTDOWN_DELAY_MS: '500' } });
    instances.push(gateway);
    return gateway;
  };

  beforeAll(async () => {
    const database = await createDatabase('fleet');
    url = database.url;
    databaseName = database.name;
    rootUrl = process.env.DATABASE_URL!;
    dropDatabase = database.drop;
    const db = await openDb({ databaseUrl: url });
    await migrate(db);
    await seed(db);
    const workers: string[] = [];
    for (let i = 0; i < WORKERS; i++) {
      await db.query(
        `insert into users (id, mobile_phone, nickname, role, uc_user_id) values ($1, $2, '', 'customer', $1)`,
        [`fleet-${i}`, `1660000${String(i).padStart(4, '0')}`],
      );
      workers.push(await createSession(db, `fleet-${i}`));
    }
    tokens = { customer: await createSession(db, DEMO.customer.userId), workers };
    await db.close();
    await Promise.all([start(), start()]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all(instances.map((g) => g.stop()));
    await dropDatabase?.();
  }, 60_000);

  it('one nonce sent to both instances at once is accepted by exactly one (40 rounds)', async () => {
    const [a, b] = instances;
    for (let round = 0; round < 40; round++) {
      const nonce = newNonce();
      const answers = await Promise.all(
        [a, b].map((g) => call(g.baseUrl, 'GET', endpoints.noticeCount, { token: tokens.customer, nonce })),
      );
      const codes = answers.map((r) => r.envelope.code).sort();
      expect(codes, `round ${round}`).toEqual([Code.ok, Code.unauthorized]);
    }
  }, 60_000);

  it('one SMS code and one login ticket, each sent to both instances at once, are accepted once (10 rounds)', async () => {
    const [a, b] = instances;
    for (let round = 0; round < 10; round++) {
      const phone = `1770000${String(round).padStart(4, '0')}`;
      const sms = await fetch(`${a.baseUrl}${endpoints.ssoSms}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ phone }),
      });
      const code = ((await sms.json()) as Envelope<{ demoCode: string }>).obj.demoCode;
      // The same code typed into both instances' SSO forms at once: one ticket.
      const logins = await Promise.all(
        [a, b].map((g) =>
          fetch(`${g.baseUrl}${endpoints.ssoLogin}`, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded', origin: g.baseUrl },
            body: new URLSearchParams({
              phone,
              code,
              redirect_url: `${g.baseUrl}/transferPage`,
              source: 'h5portal',
              data: 'index',
              agree: '1',
            }).toString(),
            redirect: 'manual',
          }),
        ),
      );
      const tickets = logins.flatMap((r) =>
        r.status === 302 ? [new URL(r.headers.get('location')!).searchParams.get('ticket')!] : [],
      );
      expect(tickets, `round ${round}: ${logins.map((r) => r.status).join(', ')}`).toHaveLength(1);
      // The ticket exchanged on both at once: one session.
      const exchanges = await Promise.all(
        [a, b].map((g) =>
          call(g.baseUrl, 'GET', `${endpoints.loginCk}?ticket=${encodeURIComponent(tickets[0])}&source=h5portal`),
        ),
      );
      expect(
        exchanges.filter((r) => r.envelope.code === Code.ok),
        `round ${round}`,
      ).toHaveLength(1);
    }
  }, 60_000);

  it('50 confirms of one write-off code split over both: exactly one succeeds', async () => {
    const [a, b] = instances;
    // Right 3 of the demo customer: 2 times, 1 used, so one time left.
    const writeOff = await call<Consumption>(a.baseUrl, 'POST', endpoints.writeOff, {
      token: tokens.customer,
      body: { rightId: 3 },
    });
    expect(writeOff.envelope.code).toBe(Code.ok);
    const code = writeOff.envelope.obj.writeOffCode;
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => admin((i % 2 ? a : b).baseUrl, code)));
    expect(answers.filter((r) => r.envelope.code === Code.ok)).toHaveLength(1);
    expect(answers.filter((r) => r.envelope.desc === BizDesc.codeUsed)).toHaveLength(49);
  }, 60_000);

  it('50 evaluations of one record split over both: exactly one is stored', async () => {
    const [a, b] = instances;
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call((i % 2 ? a : b).baseUrl, 'POST', endpoints.evaluate, {
          token: tokens.customer,
          body: { consumeId: 4, score: (i % 5) + 1, content: `第${i}次` },
        }),
      ),
    );
    expect(answers.filter((r) => r.envelope.code === Code.ok)).toHaveLength(1);
    expect(answers.filter((r) => r.envelope.desc === BizDesc.alreadyEvaluated)).toHaveLength(49);
  }, 60_000);

  it('readiness is 503 on every instance while the database is down, and 200 again once it is back', async () => {
    const readiness = () => Promise.all(instances.map(async (g) => (await fetch(`${g.baseUrl}/readyz`)).status));
    const until = async (want: number) => {
      const deadline = Date.now() + 15_000;
      let seen = await readiness();
      while (!seen.every((s) => s === want) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        seen = await readiness();
      }
      return seen;
    };
    expect(await until(200)).toEqual([200, 200]);
    // The database goes away: no new connections, and the pools' connections are cut.
    const admin = new pg.Client({ connectionString: rootUrl });
    await admin.connect();
    try {
      await admin.query(`alter database ${databaseName} with allow_connections false`);
      await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [databaseName],
      );
      expect(await until(503)).toEqual([503, 503]);
      // /healthz answers without the database: the process itself is fine.
      expect(await Promise.all(instances.map(async (g) => (await fetch(`${g.baseUrl}/healthz`)).status))).toEqual([
        200, 200,
      ]);
    } finally {
      await admin.query(`alter database ${databaseName} with allow_connections true`);
      await admin.end();
    }
    expect(await until(200)).toEqual([200, 200]);
    const after = await call(instances[0].baseUrl, 'GET', endpoints.noticeCount, { token: tokens.customer });
    expect(after.envelope.code).toBe(Code.ok);
  }, 60_000);

  it('a rolling restart under steady load fails no request and loses no acknowledged write', async () => {
    const balancer = new Balancer();
    for (const g of instances) balancer.add(g);
    await balancer.untilReady(instances.length);

    // Each worker is one customer doing one thing at a time: its first addresses (every
    // acknowledged one must exist afterwards), then nickname changes (the last acknowledged
    // one must be the nickname afterwards), each followed by a read.
    let running = true;
    const acked = tokens.workers.map(() => ({ addresses: [] as string[], nickname: '' }));
    const failures: string[] = [];
    let answered = 0;
    const work = tokens.workers.map(async (token, w) => {
      for (let n = 0; running; n++) {
        const name = `w${w}-${n}`;
        const write =
          n < ADDRESS_MAX_COUNT
            ? balancer.send('POST', endpoints.addressSave, { token, body: { ...ADDRESS, name: `员工${w}号${n}` } })
            : balancer.send('POST', endpoints.updateInfo, { token, body: { nickname: name } });
        const [written, read] = [await write, await balancer.send('GET', endpoints.noticeCount, { token })];
        for (const [what, r] of [
          ['write', written],
          ['read', read],
        ] as const) {
          if (r.envelope.code === Code.ok) answered += 1;
          else failures.push(`${name} ${what}: HTTP ${r.status} code ${r.envelope.code} ${r.envelope.desc}`);
        }
        if (written.envelope.code !== Code.ok) continue;
        if (n < ADDRESS_MAX_COUNT) acked[w].addresses.push(`员工${w}号${n}`);
        else acked[w].nickname = name;
      }
    });

    const restarted: { inFlightAtSignal: number; exitCode: number | null; readyzAfterSignal: number }[] = [];
    for (const old of [...instances]) {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const inFlightAtSignal = balancer.inFlight(old);
      const exited = new Promise<number | null>((resolve) => old.child.once('exit', (code) => resolve(code)));
      old.child.kill('SIGTERM');
      // Readiness turns 503 at once; the balancer's poll takes the instance out of rotation.
      const readyzAfterSignal = await balancer.untilUnready(old);
      const exitCode = await exited;
      balancer.remove(old);
      restarted.push({ inFlightAtSignal, exitCode, readyzAfterSignal });
      balancer.add(await start());
      await balancer.untilReady(2);
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
    running = false;
    await Promise.all(work);
    balancer.close();

    expect(failures).toEqual([]);
    expect(restarted.map((r) => r.exitCode)).toEqual([0, 0]);
    expect(restarted.map((r) => r.readyzAfterSignal)).toEqual([503, 503]);
    // The load really crossed each restart: requests were in flight on the stopping instance.
    expect(
      restarted.every((r) => r.inFlightAtSignal > 0),
      JSON.stringify(restarted),
    ).toBe(true);
    expect(answered).toBeGreaterThan(200);

    const db = await openDb({ databaseUrl: url });
    try {
      for (const [w, want] of acked.entries()) {
        const addresses = await db.query<{ name: string }>('select name from addresses where user_id = $1', [
          `fleet-${w}`,
        ]);
        expect(addresses.map((a) => a.name).sort()).toEqual([...want.addresses].sort());
        const [user] = await db.query<{ nickname: string }>('select nickname from users where id = $1', [`fleet-${w}`]);
        expect(user.nickname).toBe(want.nickname);
      }
    } finally {
      await db.close();
    }
  }, 300_000);
});

const ADDRESS = {
  tel: '13800138000',
  province: '上海市',
  city: '上海市',
  county: '浦东新区',
  areaCode: '310115',
  addressDetail: '世纪大道100号',
};

/**
 * A load balancer in miniature: sends each request to a ready instance in turn, polls every
 * instance's /readyz every 50 ms and takes one out of rotation when it answers 503 (as a
 * proxy's health check does). A refused connection (nothing was sent) is retried on another
 * instance, as every proxy does; anything else counts as the answer.
 */
class Balancer {
  private members: { gateway: GatewayProcess; ready: boolean; inFlight: number }[] = [];
  private next = 0;
  private readonly timer = setInterval(() => void this.poll(), 50);

  add(gateway: GatewayProcess) {
    this.members.push({ gateway, ready: false, inFlight: 0 });
  }
  remove(gateway: GatewayProcess) {
    this.members = this.members.filter((m) => m.gateway !== gateway);
  }
  close() {
    clearInterval(this.timer);
  }
  inFlight(gateway: GatewayProcess) {
    return this.members.find((m) => m.gateway === gateway)?.inFlight ?? 0;
  }

  private async poll() {
    await Promise.all(
      this.members.map(async (m) => {
        try {
          m.ready = (await fetch(`${m.gateway.baseUrl}/readyz`)).status === 200;
        } catch {
          m.ready = false;
        }
      }),
    );
  }

  async untilReady(count: number) {
    const deadline = Date.now() + 60_000;
    while (this.members.filter((m) => m.ready).length < count) {
      if (Date.now() > deadline) throw new Error('instances did not become ready within 60 s');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** The first /readyz status after the signal other than 200 (or the 200 seen after 2 s). */
  async untilUnready(gateway: GatewayProcess): Promise<number> {
    const deadline = Date.now() + 2000;
    let status = 200;
    while (status === 200 && Date.now() < deadline) {
      status = (await fetch(`${gateway.baseUrl}/readyz`)).status;
      if (status === 200) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return status;
  }

  async send<T>(method: 'GET' | 'POST', path: string, options: { token: string; body?: unknown }): Promise<Answer<T>> {
    for (let attempt = 0; ; attempt++) {
      const ready = this.members.filter((m) => m.ready);
      if (!ready.length) throw new Error('no instance is ready');
      const member = ready[this.next++ % ready.length];
      member.inFlight += 1;
      try {
        return await call<T>(member.gateway.baseUrl, method, path, options);
      } catch (error) {
        const refused = (error as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED';
        if (!refused || attempt > 3) throw error;
      } finally {
        member.inFlight -= 1;
      }
    }
  }
}
