/**
 * Races (docs/product.md §11.2): run on PostgreSQL with a connection pool only — PGlite
 * has one connection, so a race cannot show there. Each test names the database guard it
 * proves, makes its requests really overlap (a warm pool of ≥ 50 connections, all requests held
 * at a barrier just before the guarded statement and released at once, the overlap measured and
 * asserted), and a test-only variant of the competing SQL without the guard shows what the guard
 * prevents. `bash scripts/with-postgres.sh npx vitest run --project gateway` runs them; with
 * REQUIRE_POSTGRES=1 (CI's PostgreSQL step) they fail instead of skipping without DATABASE_URL.
 */
import pg from 'pg';
import { BizDesc, Code } from '../../contract/codes';
import { endpoints } from '../../contract/endpoints';
import type { Consumption } from '../../contract/types';
import { DEMO_ADMIN_KEY } from './config';
import type { Db, Queryable } from './db/index';
import { guardStage, type PendingGuard, sha256 } from './guard';
import { createTestGateway, DEMO, onPostgres, type TestGateway } from './test-helpers';

const N = 50;
/** Transactions or statements that must be open at one moment for a run to count as a race. */
const MIN_OVERLAP = 10;

it.runIf(process.env.REQUIRE_POSTGRES === '1')('REQUIRE_POSTGRES=1: the races run on PostgreSQL, not skipped', () => {
  expect(
    process.env.DATABASE_URL,
    'REQUIRE_POSTGRES=1 needs DATABASE_URL (scripts/with-postgres.sh sets it)',
  ).toBeTruthy();
  expect(onPostgres).toBe(true);
});

/** Lets `n` callers wait until all have arrived, then all go on at once. */
function barrier(n: number) {
  let arrived = 0;
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  // Never hang a test: a barrier not reached by everyone opens after 10 s, and the test fails on it.
  const timer = setTimeout(open, 10_000);
  return {
    get arrived() {
      return arrived;
    },
    async wait() {
      if (++arrived === n) {
        clearTimeout(timer);
        open();
      }
      await gate;
    },
  };
}

interface Overlap {
  /** How many callers reached the barrier. */
  arrived: number;
  /** The most guarded transactions or statements open at one moment. */
  maxOpen: number;
}

/**
 * Holds the guarded step of `n` requests at a barrier and measures how many run at once:
 * `db.transaction` (match 'transaction') or the statements whose SQL contains `match`. The app
 * calls these methods on this very object, so the wrapper sees every request; `undo` restores it.
 */
function holdAndMeasure(db: Db, n: number, match: string) {
  const gate = barrier(n);
  const overlap: Overlap = { arrived: 0, maxOpen: 0 };
  let open = 0;
  const enter = () => {
    open += 1;
    overlap.maxOpen = Math.max(overlap.maxOpen, open);
  };
  const { transaction, query } = db;
  if (match === 'transaction') {
    db.transaction = async <T>(fn: (tx: Queryable) => Promise<T>) => {
      await gate.wait();
      return transaction.call(db, async (tx: Queryable) => {
        enter(); // counted from inside the transaction: BEGIN has run on its own connection
        try {
          return (await fn(tx)) as T;
        } finally {
          open -= 1;
        }
      }) as Promise<T>;
    };
  } else {
    db.query = async <T>(sql: string, params?: unknown[], name?: string) => {
      if (!sql.includes(match)) return query.call(db, sql, params, name) as Promise<T[]>;
      await gate.wait();
      enter();
      try {
        return (await query.call(db, sql, params, name)) as T[];
      } finally {
        open -= 1;
      }
    };
  }
  return {
    overlap,
    undo() {
      overlap.arrived = gate.arrived;
      db.transaction = transaction;
      db.query = query;
    },
  };
}

/** Opens ≥ 50 pool connections (each holds one while it sleeps), so no request waits for a connect. */
async function warmPool(db: Db) {
  await Promise.all(Array.from({ length: 55 }, () => db.query('select pg_sleep(0.1)')));
  const [{ n }] = await db.query<{ n: number }>(
    'select count(*)::int as n from pg_stat_activity where datname = current_database()',
  );
  expect(n).toBeGreaterThanOrEqual(N);
}

async function connect(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

/** Runs `count` concurrent `fn`s, each on a connection of its own; `wait` is a barrier for all of them. */
async function onClients<T>(
  url: string,
  count: number,
  fn: (c: pg.Client, wait: () => Promise<void>) => Promise<T>,
): Promise<T[]> {
  const clients = await Promise.all(Array.from({ length: count }, () => connect(url)));
  const gate = barrier(count);
  try {
    return await Promise.all(clients.map((c) => fn(c, () => gate.wait())));
  } finally {
    await Promise.all(clients.map((c) => c.end()));
  }
}

describe.skipIf(!onPostgres)('races on PostgreSQL (50 concurrent requests)', () => {
  let gw: TestGateway;
  /** The test database's URL, for the raw variants' own connections. */
  let url: string;
  beforeAll(async () => {
    gw = await createTestGateway();
    expect(gw.db.kind).toBe('pg');
    const [{ db }] = await gw.db.query<{ db: string }>('select current_database() as db');
    const u = new URL(process.env.DATABASE_URL!);
    u.pathname = `/${db}`;
    url = u.toString();
  });
  afterAll(() => gw?.close());
  beforeEach(() => warmPool(gw.db));

  /** Sends `n` requests at once with the guarded step held at a barrier; returns them and the overlap. */
  async function race<T>(match: string, send: (i: number) => Promise<T>, n = N) {
    const held = holdAndMeasure(gw.db, n, match);
    try {
      const results = await Promise.all(Array.from({ length: n }, (_, i) => send(i)));
      return { results, overlap: held.overlap };
    } finally {
      held.undo();
    }
  }

  const expectRace = (overlap: Overlap, n = N) => {
    expect(overlap.arrived, 'every request reached the barrier').toBe(n);
    expect(overlap.maxOpen, 'guarded steps open at one moment').toBeGreaterThanOrEqual(MIN_OVERLAP);
  };

  describe('confirm (guard: SELECT … FOR UPDATE of the consumption, then a conditional UPDATE used_times < total_times, one transaction)', () => {
    it('50 confirms of one code → exactly 1 success, the other 49 see the code used, usedTimes + 1', async () => {
      // Right 3 of the demo customer: 2 times, 1 used — exactly one time left.
      const w = await gw.send<Consumption>('POST', endpoints.writeOff, { as: 'customer', body: { rightId: 3 } });
      const { results, overlap } = await race('transaction', () =>
        gw.send('POST', endpoints.adminWriteOffConfirm, {
          headers: { 'x-admin-key': DEMO_ADMIN_KEY },
          body: { writeOffCode: w.json.obj.writeOffCode, providerName: '悦齿口腔门诊' },
        }),
      );
      expectRace(overlap);
      expect(results.filter((r) => r.json.code === Code.ok)).toHaveLength(1);
      // Without FOR UPDATE the losers would read 'pending' and fail later on the right (权益次数已用完).
      expect(results.filter((r) => r.json.desc === BizDesc.codeUsed)).toHaveLength(N - 1);
      const [right] = await gw.db.query<{ used_times: number; total_times: number }>(
        'select used_times, total_times from rights where id = 3',
      );
      expect(right).toEqual({ used_times: 2, total_times: 2 });
    });

    it('variant without FOR UPDATE: a second confirm reads the code as pending while the first holds it (with it, it waits and reads it used)', async () => {
      const [c] = await gw.db.query<{ write_off_code: string }>(
        `insert into consumptions (user_id, right_id, provider_name, write_off_code, status, expire_time)
         values ($1, 5, '', '990000000001', 'pending', now() + interval '10 minutes') returning write_off_code`,
        [DEMO.customer.userId],
      );
      const read = `select id, status from consumptions where write_off_code = '${c.write_off_code}'`;
      /** Confirm A reads and marks the code used; B reads while A's transaction is open. Whether B waited, and what it read. */
      async function secondReads(lock: string) {
        const [a, b] = await Promise.all([connect(url), connect(url)]);
        try {
          await a.query('begin');
          const first = await a.query(`${read} ${lock}`);
          expect(first.rows[0].status).toBe('pending');
          await b.query('begin');
          let settled = false;
          const second = b.query(`${read} ${lock}`).then((r) => ((settled = true), r.rows[0].status as string));
          await new Promise((resolve) => setTimeout(resolve, 300));
          const waited = !settled;
          await a.query(`update consumptions set status = 'success' where id = $1`, [first.rows[0].id]);
          await a.query('commit');
          const status = await second;
          await b.query('rollback');
          return { waited, status };
        } finally {
          await Promise.all([a.end(), b.end()]);
          await gw.db.query(`update consumptions set status = 'pending' where write_off_code = $1`, [c.write_off_code]);
        }
      }
      expect(await secondReads('')).toEqual({ waited: false, status: 'pending' });
      expect(await secondReads('for update')).toEqual({ waited: true, status: 'success' });
    });

    it('the conditional UPDATE is backed by the check rights_used_within_total: no statement takes a right past its times', async () => {
      await expect(gw.db.query('update rights set used_times = total_times + 1 where id = 3')).rejects.toMatchObject({
        code: '23514',
      });
    });
  });

  describe('write-off (guard: partial unique index consumptions_one_pending_per_right)', () => {
    it('50 writeOffs of one right → one pending consumption, the same code for all', async () => {
      const { results, overlap } = await race('insert into consumptions', () =>
        gw.send<Consumption>('POST', endpoints.writeOff, { as: 'customer', body: { rightId: 4 } }),
      );
      expectRace(overlap);
      expect(results.every((r) => r.json.code === Code.ok)).toBe(true);
      expect(new Set(results.map((r) => r.json.obj.writeOffCode)).size).toBe(1);
      const [{ n }] = await gw.db.query<{ n: number }>(
        `select count(*)::int as n from consumptions where right_id = 4 and status = 'pending'`,
      );
      expect(n).toBe(1);
    });

    it('variant without the index: 50 check-then-inserts give 50 pending rows (with it, 1)', async () => {
      await gw.db.exec(`create table pending_unguarded (right_id bigint not null, status text not null);
                        create table pending_guarded (right_id bigint not null, status text not null);
                        create unique index pending_guarded_one on pending_guarded (right_id) where status = 'pending'`);
      const insertAll = (table: string, onConflict: string) =>
        onClients(url, N, async (client, wait) => {
          await client.query('begin');
          await client.query(`select 1 from ${table} where right_id = 4 and status = 'pending'`);
          await wait(); // every one has seen no pending row
          await client.query(`insert into ${table} (right_id, status) values (4, 'pending') ${onConflict}`);
          await client.query('commit');
        });
      await insertAll('pending_unguarded', '');
      await insertAll('pending_guarded', `on conflict (right_id) where status = 'pending' do nothing`);
      const count = async (table: string) =>
        (await gw.db.query<{ n: number }>(`select count(*)::int as n from ${table}`))[0].n;
      expect(await count('pending_unguarded')).toBe(N);
      expect(await count('pending_guarded')).toBe(1);
    });
  });

  describe('evaluation (guard: unique constraint evaluations_consume_id_key)', () => {
    it('50 evaluations of one record → one row', async () => {
      const { results, overlap } = await race('insert into evaluations', (i) =>
        gw.send('POST', endpoints.evaluate, {
          as: 'customer',
          body: { consumeId: 4, score: (i % 5) + 1, content: `第${i}次` },
        }),
      );
      expectRace(overlap);
      expect(results.filter((r) => r.json.code === Code.ok)).toHaveLength(1);
      expect(results.filter((r) => r.json.desc === BizDesc.alreadyEvaluated)).toHaveLength(N - 1);
      const [{ n }] = await gw.db.query<{ n: number }>(
        'select count(*)::int as n from evaluations where consume_id = 4',
      );
      expect(n).toBe(1);
    });

    it('variant without the constraint: 50 inserts of one record all succeed (with it, 1)', async () => {
      await gw.db.exec(`create table evaluations_unguarded (consume_id bigint not null);
                        create table evaluations_guarded (consume_id bigint not null unique)`);
      const insertAll = (table: string) =>
        onClients(url, N, async (client, wait) => {
          await wait();
          return (await client.query(`insert into ${table} (consume_id) values (4) on conflict do nothing returning 1`))
            .rowCount;
        });
      expect((await insertAll('evaluations_unguarded')).filter((n) => n === 1)).toHaveLength(N);
      expect((await insertAll('evaluations_guarded')).filter((n) => n === 1)).toHaveLength(1);
    });
  });

  describe('replay (guard: nonces primary key, insert … on conflict do nothing)', () => {
    it('50 guard stages (as 50 instances would each have) with one nonce → exactly one passes', async () => {
      // One instance never sends a nonce twice at once (the next test); instances do.
      const nonce = 'race-nonce-0123456789';
      const pending: PendingGuard = { mode: 'required', nonce, tokenHash: sha256(gw.tokens.customer) };
      const { results, overlap } = await race('insert into nonces', () => guardStage(gw.db)(pending));
      expectRace(overlap);
      expect(results.filter((r) => r.refusal === null && r.userId === DEMO.customer.userId)).toHaveLength(1);
      expect(results.filter((r) => r.refusal === 'replay')).toHaveLength(N - 1);
    });

    it('50 requests with one nonce at one instance → exactly one passes', async () => {
      const nonce = 'race-nonce-one-instance-0123';
      const results = await Promise.all(
        Array.from({ length: N }, () => gw.send('GET', endpoints.noticeCount, { as: 'customer', nonce })),
      );
      expect(results.filter((r) => r.json.code === Code.ok)).toHaveLength(1);
      expect(results.filter((r) => r.json.code === Code.unauthorized)).toHaveLength(N - 1);
    });

    it('variant without the primary key: the guard statement finds one nonce fresh 50 times (with it, once)', async () => {
      await gw.db.exec(
        `create table nonces_unguarded (nonce text not null, seen_at timestamptz not null default now())`,
      );
      const insertAll = (table: string) =>
        onClients(url, N, async (client, wait) => {
          await wait();
          return (
            await client.query(
              `insert into ${table} (nonce) values ('race-variant-nonce') on conflict do nothing returning 1`,
            )
          ).rowCount;
        });
      expect((await insertAll('nonces_unguarded')).filter((n) => n === 1)).toHaveLength(N);
      expect((await insertAll('nonces')).filter((n) => n === 1)).toHaveLength(1);
    });
  });

  describe('md/sendMq budget (guard: the counter row the upsert locks, send_mq_budget primary key)', () => {
    // The budget's minute is the gateway's clock: held still, all events fall in one minute.
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Math.floor(Date.now() / 60_000) * 60_000 + 1000);
    });
    afterEach(() => vi.useRealTimers());

    it('150 events at once from one address → exactly the budget stored', async () => {
      const events = 150;
      const { results, overlap } = await race(
        'insert into send_mq_budget',
        () =>
          gw.send('POST', endpoints.sendMq, {
            form: true,
            remoteAddress: '198.51.100.9',
            body: { eventCode: 'page_view', page: '/race-budget' },
          }),
        events,
      );
      expectRace(overlap, events);
      expect(results.filter((r) => r.json.code === Code.ok)).toHaveLength(gw.config.sendMqPerMinute);
      expect(results.filter((r) => r.json.desc === BizDesc.sendMqBudget)).toHaveLength(
        events - gw.config.sendMqPerMinute,
      );
      const [{ n }] = await gw.db.query<{ n: number }>(
        `select count(*)::int as n from analytics_events where page = '/race-budget'`,
      );
      expect(n).toBe(gw.config.sendMqPerMinute);
    });
  });
});
