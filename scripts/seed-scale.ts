/**
 * `npm run seed:scale -- --customers N` (docs/product.md §12.7): fills the PostgreSQL of
 * DATABASE_URL with N customers (default 100 000), each with 30 notices (10 unread), 5–12
 * rights over the three product lines, 0–20 consumptions (every status occurs), 1–3 addresses
 * and an accepted agreement (1 in 20 has not accepted yet); 2 in 5 were brought in by one of
 * the agents it creates (one agent per 1 000 customers, `attributions`).
 *
 * Customers are `scale-<n>`, n = 1…N. Every figure of a customer derives from n, so a run is
 * reproducible; a customer's rows are written only in the run that creates the customer
 * (`on conflict do nothing`), so a second run adds nothing and a larger N adds only the new
 * customers. The rows are made by PostgreSQL itself (`insert … select … generate_series`), in
 * transactions of CHUNK customers. The migrations and the demo seed run first, so the demo
 * accounts keep their explicit ids and stay as they are.
 */
import { pathToFileURL } from 'node:url';
import { CURRENT_AGREEMENT_VERSION } from '../contract/demo-data';
import { type Db, openDb, type Queryable } from '../gateway/src/db/index';
import { migrate } from '../gateway/src/db/migrate';
import { seed } from '../gateway/src/db/seed';

/** Customers per transaction: big enough for bulk statements, small enough to show progress. */
const CHUNK = 5_000;
/** One agent per this many customers. */
const CUSTOMERS_PER_AGENT = 1_000;

/** The services a seeded right may be, three per product line (public/jsons/serviceCatalog.json). */
const SERVICES_SQL = `(values
  (0, 'std', 'online_consult', '在线问诊', '康源健康科技有限公司'),
  (1, 'std', 'checkup', '体检预约', '佳检健康体检连锁有限公司'),
  (2, 'std', 'report_reading', '报告解读', '仁和医疗健康管理有限公司'),
  (3, 'ebt', 'dental_care', '齿科保健', '悦齿口腔门诊连锁有限公司'),
  (4, 'ebt', 'green_channel', '就医绿通', '康途医疗服务有限公司'),
  (5, 'ebt', 'eye_exam', '眼科检查', '明眸眼科医院管理有限公司'),
  (6, 'ryb', 'chronic_care', '慢病管理', '康源健康科技有限公司'),
  (7, 'ryb', 'mental_consult', '心理咨询', '心语心理健康服务中心'),
  (8, 'ryb', 'sleep_care', '睡眠改善', '心语心理健康服务中心')
) as s (k, line, code, name, provider)`;

/** The counting expressions, shared with the test: rights k(n) = 5 + 7n mod 8, consumptions 13n mod 21. */
export const rightsOf = (n: number) => 5 + ((7 * n) % 8);
export const consumptionsOf = (n: number) => (13 * n) % 21;
export const addressesOf = (n: number) => 1 + (n % 3);
export const NOTICES_PER_CUSTOMER = 30;

/** The statements of one chunk, in order; `scale_new` holds the n of the customers created now. */
function chunkStatements(agents: number): string[] {
  return [
    `create temp table scale_new (n int primary key) on commit drop`,
    `with ins as (
       insert into users (id, mobile_phone, nickname, role, agreement_version, agree_time, uc_user_id, created_at)
       select 'scale-' || n, '166' || lpad(n::text, 8, '0'), '客户' || n, 'customer',
              case when n % 20 = 0 then null else $3::text end,
              case when n % 20 = 0 then null else now() - (n % 700) * interval '1 day' end,
              'UCS' || n, now() - (n % 700) * interval '1 day'
         from generate_series($1::int, $2::int) n
       on conflict do nothing
       returning id)
     insert into scale_new select substr(id, 7)::int from ins`,
    // j = 0…k-1: the product line turns with j, so every customer has all three.
    `insert into rights (user_id, name, service_code, product_line, policy_no, total_times, used_times, valid_from, valid_to)
     select 'scale-' || n, s.name, s.code, s.line,
            upper(left(s.line, 1)) || '2025****' || lpad((n % 10000)::text, 4, '0'),
            t.total, case when t.total is null then (n + j) % 5 else (3 * n + j) % (t.total + 1) end,
            case when j % 5 = 4 then date '2024-07-01' else date '2025-01-01' end,
            case when j % 5 = 4 then date '2025-06-30' else date '2029-12-31' end
       from scale_new
      cross join lateral generate_series(0, 4 + (7 * n) % 8) j
      cross join lateral (select case when j % 4 = 0 then null else 1 + (n + j) % 12 end as total) t
       join ${SERVICES_SQL} on s.k = (j % 3) * 3 + (n + j / 3) % 3
      order by n, j`,
    // Consumption c of customer n uses the customer's right c mod k; only c = 1 is pending,
    // so no right has two pending codes (consumptions_one_pending_per_right).
    `with r as (
       select id, user_id, service_code, row_number() over (partition by user_id order by id) - 1 as j
         from rights where user_id in (select 'scale-' || n from scale_new))
     insert into consumptions (user_id, right_id, provider_name, write_off_code, status, create_time, consume_time, expire_time)
     select r.user_id, r.id, s.provider, (900000000000 + n::bigint * 21 + c)::text, x.status, x.created,
            case when x.status = 'success' then x.created + interval '1 hour' end,
            x.created + interval '15 minutes'
       from scale_new
      cross join lateral generate_series(0, (13 * n) % 21 - 1) c
       join r on r.user_id = 'scale-' || n and r.j = c % (5 + (7 * n) % 8)
       join ${SERVICES_SQL} on s.code = r.service_code
      cross join lateral (select case when c = 1 then 'pending'
                                      else (array['success', 'failed', 'expired', 'success'])[c % 4 + 1] end as status,
                                 case when c = 1 then now() - interval '1 minute'
                                      else now() - (c + 1) * interval '3 days' - (n % 86400) * interval '1 second' end as created) x
      order by n, c`,
    `insert into evaluations (consume_id, user_id, score, content, tags, create_time)
     select c.id, c.user_id, 1 + c.id % 5, '服务很专业，预约也方便', '["专业","准时"]', c.consume_time + interval '1 day'
       from consumptions c
      where c.user_id in (select 'scale-' || n from scale_new) and c.status = 'success' and c.id % 3 = 0`,
    // i = 0…29, newest first; every third notice is unread. The trigger of migration 002
    // escapes each notice's texts to ASCII JSON character by character (≈ 0.5 ms a notice
    // here, 25 minutes for 3 million): the seed writes the same json_head and json_tail from
    // the 30 texts escaped once, with the trigger off for this transaction only (the
    // ALTER is transactional, so no other session sees it off). seed-scale.test.ts checks the
    // result against the trigger's own.
    `alter table notices disable trigger notices_json`,
    `with texts as materialized (
       select i, title, content, notice_type, link_url, json_ascii(title) as title_json,
              json_ascii(content) as content_json, json_ascii(notice_type) as type_json,
              coalesce(',"linkUrl":' || json_ascii(link_url), '') as link_json
         from (select i,
                      (array['系统维护通知', '服务预约成功', '权益即将到期'])[(i / 3) % 3 + 1] || ' ' || (i + 1) as title,
                      (array['平台将于本周日凌晨进行系统维护，期间部分服务暂停使用。',
                             '您预约的服务已确认，请按时前往，如需改期请提前一天联系客服。',
                             '您有一项健康权益将在30天内到期，请尽快使用。'])[(i / 3) % 3 + 1] as content,
                      (array['system', 'service', 'rights'])[(i / 3) % 3 + 1] as notice_type,
                      case when (i / 3) % 3 = 2 then '/rights' end as link_url
                 from generate_series(0, ${NOTICES_PER_CUSTOMER - 1}) i) x),
     made as (
       select nextval(pg_get_serial_sequence('notices', 'id')::regclass) as id, 'scale-' || n as user_id, t.*,
              now() - t.i * interval '1 day' - (n % 86400) * interval '1 second' as create_time
         from scale_new cross join texts t)
     insert into notices (id, user_id, title, content, notice_type, read_flag, link_url, create_time, json_head, json_tail)
     select id, user_id, title, content, notice_type, case when i % 3 = 0 then 0 else 1 end, link_url, create_time,
            '{"id":' || id || ',"title":' || title_json || ',"content":' || content_json
              || ',"noticeType":' || type_json || ',"readFlag":',
            ',"createTime":"' || to_char(create_time at time zone 'UTC' + interval '8 hours', 'YYYY-MM-DD HH24:MI:SS') || '"'
              || link_json || '}'
       from made`,
    `alter table notices enable trigger notices_json`,
    `insert into addresses (user_id, name, tel, province, city, county, area_code, address_detail, is_default)
     select 'scale-' || n, '客户' || n, '166' || lpad(n::text, 8, '0'), '广东省', '深圳市', '南山区', '440305',
            '科技园路' || (n % 200 + 1) || '号' || (a + 1) || '栋', a = 0
       from scale_new cross join generate_series(0, n % 3) a
      order by n, a`,
    `insert into attributions (user_id, promoter_id, agent_id, source)
     select 'scale-' || n, 'SP' || (n % ${agents} + 1), 'SA' || (n % ${agents} + 1), 'share'
       from scale_new where n % 5 in (0, 1)
     on conflict do nothing`,
    `select count(*)::int as created from scale_new`,
  ];
}

/** The agents the customers are attributed to: `scale-agent-<k>`, k = 1…agents. */
async function seedAgents(db: Queryable, agents: number) {
  await db.query(
    `insert into users (id, mobile_phone, nickname, role, agreement_version, agree_time, promoter_id, agent_id,
                        uc_agent_user_id, uc_user_id)
     select 'scale-agent-' || k, '167' || lpad(k::text, 8, '0'), '代理人' || k, 'agent', $2::text, now(),
            'SP' || k, 'SA' || k, 'UAS' || k, 'UCSA' || k
       from generate_series(1, $1::int) k
     on conflict do nothing`,
    [agents, CURRENT_AGREEMENT_VERSION],
  );
}

export interface ScaleSeedResult {
  created: number;
  ms: number;
}

/** Seeds customers 1…customers (the missing ones only); `onChunk` hears each chunk's progress. */
export async function seedScale(
  db: Db,
  customers: number,
  onChunk: (done: number, created: number) => void = () => {},
): Promise<ScaleSeedResult> {
  if (db.kind !== 'pg') throw new Error('seed:scale needs PostgreSQL (DATABASE_URL), not PGlite');
  const started = Date.now();
  const agents = Math.max(1, Math.ceil(customers / CUSTOMERS_PER_AGENT));
  await seedAgents(db, agents);
  let created = 0;
  for (let lo = 1; lo <= customers; lo += CHUNK) {
    const hi = Math.min(customers, lo + CHUNK - 1);
    created += await db.transaction(async (tx) => {
      let last = 0;
      for (const sql of chunkStatements(agents)) {
        // Only the users statement takes parameters (the range and the agreement version).
        const params = sql.includes('$1') ? [lo, hi, CURRENT_AGREEMENT_VERSION] : [];
        const rows = await tx.query<{ created: number }>(sql, params);
        last = rows[0]?.created ?? 0;
      }
      return last;
    });
    onChunk(hi, created);
  }
  // Fresh planner statistics, so the gateway's plans see the volume at once.
  if (created) await db.exec('analyze');
  return { created, ms: Date.now() - started };
}

/** Rows of the seeded customers (and their agents) per table. */
export async function scaleCounts(db: Queryable): Promise<Record<string, number>> {
  const scaleUser = `user_id like 'scale-%'`;
  const [row] = await db.query<Record<string, number>>(
    `select (select count(*) from users where id like 'scale-%' and role = 'customer')::int as customers,
            (select count(*) from users where id like 'scale-agent-%')::int as agents,
            (select count(*) from notices where ${scaleUser})::int as notices,
            (select count(*) from rights where ${scaleUser})::int as rights,
            (select count(*) from consumptions where ${scaleUser})::int as consumptions,
            (select count(*) from evaluations where ${scaleUser})::int as evaluations,
            (select count(*) from addresses where ${scaleUser})::int as addresses,
            (select count(*) from attributions where ${scaleUser})::int as attributions`,
  );
  return row;
}

/** `--customers N`, default 100 000. */
export function parseArgs(argv: string[]): { customers: number } {
  let customers = 100_000;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = arg.startsWith('--customers=')
      ? arg.slice('--customers='.length)
      : arg === '--customers'
        ? argv[++i]
        : undefined;
    if (value === undefined) throw new Error(`seed:scale: unknown argument ${arg} (usage: --customers N)`);
    if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 9_999_999) {
      throw new Error(`seed:scale: --customers must be a whole number from 1 to 9999999, not ${value}`);
    }
    customers = Number(value);
  }
  return { customers };
}

async function main() {
  const { customers } = parseArgs(process.argv.slice(2));
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    throw new Error(
      'seed:scale: DATABASE_URL is not set; it fills a PostgreSQL database (e.g. bash scripts/with-postgres.sh npm run seed:scale)',
    );
  }
  const db = await openDb({ databaseUrl, poolMax: 2 });
  try {
    await migrate(db);
    await seed(db);
    console.log(`seed:scale: ${customers} customers on ${new URL(databaseUrl).host}`);
    const { created, ms } = await seedScale(db, customers, (done, made) => {
      process.stdout.write(`  ${done} of ${customers} customers looked at, ${made} created\n`);
    });
    console.log(`seed:scale: ${created} customers created in ${(ms / 1000).toFixed(1)} s`);
    for (const [table, n] of Object.entries(await scaleCounts(db))) console.log(`  ${table.padEnd(14)} ${n}`);
  } finally {
    await db.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
