/**
 * What a logged nonce table costs the replay guard (decision 0020), measured in one run on the
 * PostgreSQL of DATABASE_URL:
 *   bash scripts/with-postgres.sh node --import tsx scripts/nonce-table-bench.ts [N] [C]
 * N nonce inserts (default 20 000) with C at once (default 16) into an unlogged table (before
 * decision 0020), a logged one whose insert commits with synchronous_commit off (the guard
 * now), and a logged one committing synchronously; the three take turns over three rounds so
 * the host's drift falls on all of them. Prints req/s per round and the median; exits 1 unless
 * every insert was accepted and stored. Creates and drops its own tables.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { ASYNC_COMMIT } from '../gateway/src/guard';

const N = Number(process.argv[2] ?? 20_000);
const C = Number(process.argv[3] ?? 16);
const ROUNDS = 3;
const url = process.env.DATABASE_URL;
if (!url) {
  console.error('nonce-table-bench: DATABASE_URL is not set (run it through scripts/with-postgres.sh)');
  process.exit(2);
}
if (!Number.isInteger(N) || N < 1 || !Number.isInteger(C) || C < 1) {
  console.error('usage: nonce-table-bench.ts [N inserts ≥ 1] [C at once ≥ 1]');
  process.exit(2);
}

interface Variant {
  name: string;
  table: string;
  sql: string;
}

const VARIANTS: Variant[] = [
  {
    name: 'unlogged (before)',
    table: 'bench_nonces_unlogged',
    sql: 'insert into bench_nonces_unlogged (nonce) values ($1) on conflict do nothing returning 1',
  },
  {
    name: 'logged, synchronous_commit off (now)',
    table: 'bench_nonces_logged_async',
    sql: `insert into bench_nonces_logged_async (nonce) select $1::text where ${ASYNC_COMMIT} on conflict do nothing returning 1`,
  },
  {
    name: 'logged, synchronous_commit on',
    table: 'bench_nonces_logged_sync',
    sql: 'insert into bench_nonces_logged_sync (nonce) values ($1) on conflict do nothing returning 1',
  },
];

const pool = new pg.Pool({ connectionString: url, max: C });

async function run(v: Variant, round: number): Promise<{ perSec: number; failed: number }> {
  const prefix = `${round}-${randomBytes(4).toString('hex')}-`;
  let next = 0;
  let failed = 0;
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: C }, async () => {
      for (let i = next++; i < N; i = next++) {
        try {
          const res = await pool.query({ name: `bench_${v.table}`, text: v.sql, values: [`${prefix}${i}`] });
          if (res.rowCount !== 1) failed++;
        } catch {
          failed++;
        }
      }
    }),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const stored = await pool.query(`select count(*)::int as n from ${v.table} where nonce like $1`, [`${prefix}%`]);
  failed += N - stored.rows[0].n;
  return { perSec: N / seconds, failed };
}

async function main() {
  const settings = await pool.query(
    `select name, setting from pg_settings where name in ('fsync', 'synchronous_commit', 'wal_level', 'wal_writer_delay', 'server_version') order by name`,
  );
  console.log(`PostgreSQL: ${settings.rows.map((r) => `${r.name}=${r.setting}`).join(', ')}`);
  console.log(`${N} inserts per run, ${C} at once, ${ROUNDS} rounds, the variants taking turns`);
  for (const v of VARIANTS) {
    await pool.query(`drop table if exists ${v.table}`);
    const unlogged = v.table.endsWith('unlogged') ? 'unlogged' : '';
    await pool.query(
      `create ${unlogged} table ${v.table} (nonce text primary key, seen_at timestamptz not null default now())`,
    );
    await pool.query(`create index on ${v.table} (seen_at)`);
  }
  const results = new Map<string, number[]>(VARIANTS.map((v) => [v.name, []]));
  let failed = 0;
  try {
    for (let round = 0; round < ROUNDS; round++) {
      // A different variant goes first in each round.
      for (let k = 0; k < VARIANTS.length; k++) {
        const v = VARIANTS[(round + k) % VARIANTS.length];
        const r = await run(v, round);
        results.get(v.name)!.push(r.perSec);
        failed += r.failed;
      }
    }
  } finally {
    for (const v of VARIANTS) await pool.query(`drop table if exists ${v.table}`);
    await pool.end();
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const base = median(results.get(VARIANTS[0].name)!);
  for (const v of VARIANTS) {
    const xs = results.get(v.name)!;
    const m = median(xs);
    console.log(
      `${v.name.padEnd(38)} median ${Math.round(m).toString().padStart(6)} inserts/s  (${(m / base).toFixed(2)} × unlogged; rounds ${xs.map((x) => Math.round(x)).join(', ')})`,
    );
  }
  if (failed) {
    console.error(`nonce-table-bench: ${failed} inserts failed or were not stored: the run is invalid`);
    process.exit(1);
  }
  console.log('every insert was accepted and stored');
}

main().catch((error) => {
  console.error('nonce-table-bench failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
