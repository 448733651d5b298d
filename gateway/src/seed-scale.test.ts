/**
 * `npm run seed:scale` (scripts/seed-scale.ts, docs/product.md §12.7) on a throwaway
 * PostgreSQL database: the shape per customer, every status and product line, the notices'
 * JSON as the trigger of migration 002 writes it, the demo accounts untouched, and a second
 * run that adds nothing.
 */
import { demoUsers } from '../../contract/demo-data';
import {
  addressesOf,
  consumptionsOf,
  NOTICES_PER_CUSTOMER,
  rightsOf,
  scaleCounts,
  seedScale,
} from '../../scripts/seed-scale';
import type { Db } from './db/index';
import { migrate } from './db/migrate';
import { seed } from './db/seed';
import { freshDb } from './test-helpers';

/** 60 customers: n = 1…60 reaches every value of 7n mod 8 and of 13n mod 21. */
const N = 60;

/** Per user: rows of every table the seeds write. */
const perUser = (db: Db, ids: string[]) =>
  db.query<{
    id: string;
    notices: number;
    unread: number;
    rights: number;
    lines: number;
    consumptions: number;
    addresses: number;
    defaults: number;
  }>(
    `select u.id,
            (select count(*) from notices n where n.user_id = u.id)::int as notices,
            (select count(*) from notices n where n.user_id = u.id and read_flag = 0)::int as unread,
            (select count(*) from rights r where r.user_id = u.id)::int as rights,
            (select count(distinct product_line) from rights r where r.user_id = u.id)::int as lines,
            (select count(*) from consumptions c where c.user_id = u.id)::int as consumptions,
            (select count(*) from addresses a where a.user_id = u.id)::int as addresses,
            (select count(*) from addresses a where a.user_id = u.id and is_default)::int as defaults
       from users u where u.id = any($1) order by u.id`,
    [ids],
  );

describe.skipIf(!process.env.DATABASE_URL)('seed:scale on PostgreSQL', () => {
  let db: Db;
  let drop: () => Promise<void>;
  const demoIds = demoUsers.map((u) => u.userId);
  let demoBefore: Awaited<ReturnType<typeof perUser>>;

  beforeAll(async () => {
    ({ db, drop } = await freshDb());
    await migrate(db);
    await seed(db);
    demoBefore = await perUser(db, demoIds);
    const first = await seedScale(db, N);
    expect(first.created).toBe(N);
  });
  afterAll(() => drop?.());

  it('gives each customer 30 notices (10 unread), 5–12 rights over all three lines, 0–20 consumptions and 1–3 addresses', async () => {
    const rows = await perUser(
      db,
      Array.from({ length: N }, (_, i) => `scale-${i + 1}`),
    );
    expect(rows).toHaveLength(N);
    for (const r of rows) {
      const n = Number(r.id.slice('scale-'.length));
      expect(r).toEqual({
        id: r.id,
        notices: NOTICES_PER_CUSTOMER,
        unread: NOTICES_PER_CUSTOMER / 3,
        rights: rightsOf(n),
        lines: 3,
        consumptions: consumptionsOf(n),
        addresses: addressesOf(n),
        defaults: 1,
      });
    }
    const rights = rows.map((r) => r.rights);
    const consumptions = rows.map((r) => r.consumptions);
    expect([Math.min(...rights), Math.max(...rights)]).toEqual([5, 12]);
    expect([Math.min(...consumptions), Math.max(...consumptions)]).toEqual([0, 20]);
  });

  it('covers every consumption status, evaluated and unevaluated successes, and expired and used-up rights', async () => {
    const statuses = await db.query<{ status: string }>(
      `select distinct status from consumptions where user_id like 'scale-%' order by status`,
    );
    expect(statuses.map((s) => s.status)).toEqual(['expired', 'failed', 'pending', 'success']);
    const [c] = await db.query<{
      evaluated: number;
      open: number;
      expired: number;
      used_up: number;
      unlimited: number;
    }>(
      `select (select count(*) from consumptions c join evaluations e on e.consume_id = c.id where c.user_id like 'scale-%')::int as evaluated,
              (select count(*) from consumptions c where c.user_id like 'scale-%' and c.status = 'success'
                  and not exists (select 1 from evaluations e where e.consume_id = c.id))::int as open,
              (select count(*) from rights where user_id like 'scale-%' and valid_to < current_date)::int as expired,
              (select count(*) from rights where user_id like 'scale-%' and used_times = total_times)::int as used_up,
              (select count(*) from rights where user_id like 'scale-%' and total_times is null)::int as unlimited`,
    );
    for (const value of Object.values(c)) expect(value).toBeGreaterThan(0);
    // Each consumption uses a right of its own customer.
    const [{ foreign }] = await db.query<{ foreign: number }>(
      `select count(*)::int as foreign from consumptions c join rights r on r.id = c.right_id
        where c.user_id like 'scale-%' and r.user_id <> c.user_id`,
    );
    expect(foreign).toBe(0);
  });

  it('links customers to agents and leaves 1 in 20 without an accepted agreement', async () => {
    const counts = await scaleCounts(db);
    expect(counts).toMatchObject({ customers: N, agents: 1, attributions: (2 * N) / 5 });
    const [{ unlinked, without }] = await db.query<{ unlinked: number; without: number }>(
      `select (select count(*) from attributions a where a.user_id like 'scale-%'
                 and not exists (select 1 from users g where g.role = 'agent' and g.agent_id = a.agent_id
                                                       and g.promoter_id = a.promoter_id))::int as unlinked,
              (select count(*) from users where id like 'scale-%' and role = 'customer' and agreement_version is null)::int as without`,
    );
    expect(unlinked).toBe(0);
    expect(without).toBe(N / 20);
  });

  it("writes each notice's JSON as the trigger of migration 002 does, and leaves the trigger on", async () => {
    const [{ enabled }] = await db.query<{ enabled: string }>(
      `select tgenabled as enabled from pg_trigger where tgname = 'notices_json'`,
    );
    expect(enabled).toBe('O');
    await db.exec(
      `create table seeded_json as select id, json_head, json_tail from notices where user_id like 'scale-%'`,
    );
    await db.exec(`update notices set id = id where user_id like 'scale-%'`);
    const [{ seeded, differ }] = await db.query<{ seeded: number; differ: number }>(
      `select count(*)::int as seeded,
              count(*) filter (where s.json_head <> n.json_head or s.json_tail <> n.json_tail)::int as differ
         from seeded_json s join notices n using (id)`,
    );
    expect(seeded).toBe(N * NOTICES_PER_CUSTOMER);
    expect(differ).toBe(0);
  });

  it('adds nothing on a second run and leaves the demo accounts as they were', async () => {
    const before = await scaleCounts(db);
    const again = await seedScale(db, N);
    expect(again.created).toBe(0);
    expect(await scaleCounts(db)).toEqual(before);
    expect(await perUser(db, demoIds)).toEqual(demoBefore);
  });
});
