/**
 * Every query a screen makes uses an index at volume (docs/product.md §12.7), on PostgreSQL.
 *
 * The database holds a few thousand seeded customers (scripts/seed-scale.ts), their sessions
 * and ten minutes' worth of nonces, then ANALYZE. The app runs on a `Db` that records each
 * statement with its parameters; a seeded customer's screens are requested through it, and
 * each recorded statement is EXPLAINed (format json) with the parameters it ran with, both as
 * the custom plan and as the generic plan a named prepared statement may settle on. No plan
 * may hold a Seq Scan on the per-customer tables, nonces or sessions.
 *
 * This relies on real planner statistics, not on `enable_seqscan = off`: with seq scans off,
 * the planner takes any usable index however bad, so the test would only show that an index
 * exists, not that PostgreSQL chooses it. At a few thousand customers a whole-table scan of
 * notices, rights or consumptions already costs far more than one customer's rows through an
 * index, so a missing or unusable index shows as a Seq Scan here, as it would at 100 000.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { CLIENT_TYPE, CLIENT_VERSION, endpoints } from '../../contract/endpoints';
import type { Envelope } from '../../contract/types';
import { seedScale } from '../../scripts/seed-scale';
import { buildApp } from './app';
import type { Db, Queryable } from './db/index';
import { migrate } from './db/migrate';
import { seed } from './db/seed';
import { pruneGuardTables } from './guard';
import { createSession } from './routes/login';
import { freshDb, testConfig } from './test-helpers';

const CUSTOMERS = 3_000;
/** A seeded customer with 20 consumptions (13n mod 21 = 20) and 12 rights (5 + 7n mod 8 = 12). */
const N = 1_121;
/** The tables whose rows grow with the customers. */
const WATCHED = ['notices', 'rights', 'consumptions', 'evaluations', 'addresses', 'nonces', 'sessions'];

interface Recorded {
  sql: string;
  params: unknown[];
}

/** `db` that records every statement run through it (and its transactions). */
function recording(db: Db, log: Recorded[]): Db {
  const wrap = (q: Queryable): Queryable => ({
    query: (sql, params = [], name) => {
      log.push({ sql, params });
      return q.query(sql, params, name);
    },
    exec: (sql) => {
      log.push({ sql, params: [] });
      return q.exec(sql);
    },
  });
  return { ...db, ...wrap(db), transaction: (fn) => db.transaction((tx) => fn(wrap(tx))) };
}

/** A parameter as an SQL literal of unknown type (arrays in PostgreSQL's array syntax). */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (!Array.isArray(value)) return pg.escapeLiteral(String(value));
  const items = value.map((v) => (v === null || v === undefined ? 'NULL' : `"${String(v).replace(/[\\"]/g, '\\$&')}"`));
  return pg.escapeLiteral(`{${items.join(',')}}`);
}

type PlanNode = { 'Node Type': string; 'Relation Name'?: string; Plans?: PlanNode[] };

/** The relations a plan reads by a sequential scan. */
function seqScans(node: PlanNode): string[] {
  const own = node['Node Type'] === 'Seq Scan' && node['Relation Name'] ? [node['Relation Name']] : [];
  return [...own, ...(node.Plans ?? []).flatMap(seqScans)];
}

describe.skipIf(!process.env.DATABASE_URL)("the screens' queries use indexes at volume (PostgreSQL)", () => {
  let db: Db;
  let drop: () => Promise<void>;
  let app: FastifyInstance;
  const log: Recorded[] = [];
  let token: string;

  beforeAll(async () => {
    ({ db, drop } = await freshDb());
    await migrate(db);
    await seed(db);
    await seedScale(db, CUSTOMERS);
    // A session per customer (a tenth expired) and ten minutes of nonces at ≈ 80 a second.
    await db.exec(`
      insert into sessions (token_hash, user_id, expires_at)
      select md5('s' || n) || md5('t' || n), 'scale-' || n, now() + case when n % 10 = 0 then -1 else 1 end * interval '1 day'
        from generate_series(1, ${CUSTOMERS}) n;
      insert into nonces (nonce, seen_at)
      select md5('nonce' || i), now() - (i % 660) * interval '1 second' from generate_series(1, 50000) i;
      analyze`);
    token = await createSession(db, `scale-${N}`);
    app = await buildApp({ db: recording(db, log), config: testConfig(), logger: false });
    await app.ready();
  }, 300_000);
  afterAll(async () => {
    await app?.close();
    await drop?.();
  });

  async function send(
    method: InjectOptions['method'],
    url: string,
    query: Record<string, string> = {},
    body?: unknown,
  ) {
    const res = await app.inject({
      method,
      url,
      query,
      headers: {
        clientType: CLIENT_TYPE,
        clientVersion: CLIENT_VERSION,
        nonce: randomBytes(16).toString('hex'),
        timestamp: String(Date.now()),
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = res.json<Envelope<unknown>>();
    expect({ url, code: json.code }).toEqual({ url, code: 200 });
    return json.obj;
  }

  it('plans no sequential scan on notices, rights, consumptions, evaluations, addresses, nonces or sessions', async () => {
    const user = `scale-${N}`;
    const [{ consumeId, successId, rightId, noticeId }] = await db.query<{
      consumeId: number;
      successId: number;
      rightId: number;
      noticeId: number;
    }>(
      `select (select min(id) from consumptions where user_id = $1)::int as "consumeId",
              (select min(c.id) from consumptions c where c.user_id = $1 and c.status = 'success'
                  and not exists (select 1 from evaluations e where e.consume_id = c.id))::int as "successId",
              (select min(r.id) from rights r where r.user_id = $1 and r.valid_to > current_date
                  and (r.total_times is null or r.used_times < r.total_times)
                  and not exists (select 1 from consumptions c where c.right_id = r.id and c.status = 'pending'))::int as "rightId",
              (select max(id) from notices where user_id = $1 and read_flag = 0)::int as "noticeId"`,
      [user],
    );
    log.length = 0;
    // Home, messages, rights, mine, the consumption records and a write-off: what a session does.
    await send('GET', endpoints.noticeCount);
    await send('GET', endpoints.noticeList, { pageNum: '1', pageSize: '10' });
    await send('GET', endpoints.noticeList, { pageNum: '3', pageSize: '10' });
    await send('GET', endpoints.noticeList, { pageNum: '1', pageSize: '10', readFlag: '0' });
    await send('PUT', endpoints.noticeReadOne, {}, { id: noticeId });
    await send('GET', endpoints.rightsList);
    await send('GET', endpoints.rightsList, { productLine: 'ebt', status: 'available' });
    await send('GET', endpoints.consumeCount);
    await send('GET', endpoints.consumeList, { pageNum: '1', pageSize: '10' });
    await send('GET', endpoints.consumeList, { pageNum: '2', pageSize: '10', evaluateStatus: '0' });
    await send('GET', endpoints.consumeDetail, { id: String(consumeId) });
    await send('POST', endpoints.writeOff, {}, { rightId });
    await send('POST', endpoints.evaluate, {}, { consumeId: successId, score: 5, content: '', tags: [] });
    await send('GET', endpoints.addressList);
    await send('PUT', endpoints.noticeReadAll);
    await pruneGuardTables(recording(db, log));

    const statements = log.filter(
      (r) => /^\s*(with|select|insert|update|delete)\b/i.test(r.sql) && !/pg_advisory/.test(r.sql),
    );
    // The guard stage's one statement (nonce insert, session lookup; decision 0030) ran, and so did the prune.
    expect(statements.some((r) => /insert into nonces/.test(r.sql) && /unnest/.test(r.sql))).toBe(true);
    expect(statements.some((r) => /delete from nonces/.test(r.sql))).toBe(true);
    expect(statements.some((r) => /delete from sessions/.test(r.sql))).toBe(true);

    // Each statement's plan for these parameters (custom), and the generic plan PostgreSQL may
    // keep for a named prepared statement after five runs (the gateway names its hot ones).
    const scans: { plan: string; sql: string; tables: string[] }[] = [];
    await db.transaction(async (tx) => {
      for (const [i, { sql, params }] of statements.entries()) {
        await tx.exec('set local plan_cache_mode = force_custom_plan');
        const [custom] = await tx.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(`explain (format json) ${sql}`, params);
        await tx.exec(`set local plan_cache_mode = force_generic_plan; prepare indexed_${i} as ${sql}`);
        // EXECUTE takes no bind parameters: the values go in as literals of unknown type.
        const args = params.map(literal).join(', ');
        const [generic] = await tx.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
          `explain (format json) execute indexed_${i}${args ? `(${args})` : ''}`,
        );
        for (const [plan, row] of [
          ['custom', custom],
          ['generic', generic],
        ] as const) {
          const tables = seqScans(row['QUERY PLAN'][0].Plan).filter((t) => WATCHED.includes(t));
          if (tables.length) scans.push({ plan, sql: sql.replace(/\s+/g, ' ').trim(), tables });
        }
      }
    });
    expect(scans).toEqual([]);
  });
});
