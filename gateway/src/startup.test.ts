/**
 * The gateway refuses to start when it cannot run as configured, at once and saying why
 * (docs/product.md §12.4, §12.1): each case runs `npm start`'s process and expects a
 * non-zero exit with a message naming the cause. The bound only tells an exit from a hang: a
 * loaded 2-core machine takes 20 s and more to start Node with tsx, so it is generous.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort, startGateway } from '../../scripts/gateway-process';
import { GATEWAY_NODE_ARGS, ROOT_DIR } from './config';
import { openDb } from './db/index';
import { listMigrations, migrate } from './db/migrate';
import { createDatabase, onPostgres, seededDataDir } from './test-helpers';

const EXIT_WITHIN_MS = 60_000;

/** Production settings that pass the config check; each test breaks one thing. */
const PRODUCTION = {
  NODE_ENV: 'production',
  ADMIN_KEY: 'a-long-real-admin-key-123',
  SSO_ALLOWED_ORIGINS: 'https://h5.example.com',
  SSO_SECRET: 'k7Qf2mVx9LpR4sTa8WcYe3NbH6jUz1Dg',
  DATABASE_URL: 'postgres://gw@127.0.0.1:9/portal',
  SKIP_BUILD: '',
};

/** Runs the gateway's process until it exits (killed after `limitMs`). */
async function startToExit(env: Record<string, string>, limitMs = 90_000) {
  const started = Date.now();
  const child = spawn(process.execPath, GATEWAY_NODE_ARGS, {
    cwd: ROOT_DIR,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(await freePort()),
      LOG_LEVEL: 'warn',
      SKIP_BUILD: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const timer = setTimeout(() => child.kill('SIGKILL'), limitMs);
  const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
  clearTimeout(timer);
  return { code, output, ms: Date.now() - started };
}

/** A dist/ folder whose index.html is newer than every source. */
function builtDist() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-dist-'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html>');
  const later = new Date(Date.now() + 24 * 3600_000);
  fs.utimesSync(path.join(dir, 'index.html'), later, later);
  return dir;
}

// Each case starts processes of its own (own folders, ports): they run side by side.
describe('start-up refusals', { timeout: 240_000, concurrent: true }, () => {
  it('an unknown NODE_ENV', async () => {
    const run = await startToExit({ NODE_ENV: 'Production' });
    expect(run.code).not.toBe(0);
    expect(run.output).toContain('NODE_ENV must be production, development or test (got "Production")');
    expect(run.ms).toBeLessThan(EXIT_WITHIN_MS);
  });

  it('a port out of range: names PORT before the database is opened', async () => {
    const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'gw-port-')), 'pglite');
    const run = await startToExit({ NODE_ENV: 'development', PORT: '70000', DATA_DIR: dataDir, DATABASE_URL: '' });
    expect(run.code).toBe(1);
    expect(run.output).toContain('PORT must be a port from 1 to 65535 (got "70000")');
    expect(fs.existsSync(dataDir)).toBe(false);
    expect(run.ms).toBeLessThan(EXIT_WITHIN_MS);
  });

  it('production without dist/: names `npm run build`, builds nothing', async () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-dist-'));
    try {
      const run = await startToExit({ ...PRODUCTION, DIST_DIR: empty });
      expect(run.code).not.toBe(0);
      expect(run.output).toContain(`${path.join(empty, 'index.html')} is missing; run \`npm run build\``);
      expect(run.output).not.toMatch(/vite/i);
      expect(fs.readdirSync(empty)).toEqual([]);
      expect(run.ms).toBeLessThan(EXIT_WITHIN_MS);
    } finally {
      fs.rmSync(empty, { recursive: true, force: true });
    }
  });

  it('a database that accepts TCP but never answers: names host:port', async () => {
    const sockets: net.Socket[] = [];
    const silent = net.createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    try {
      const run = await startToExit({ NODE_ENV: 'test', DATABASE_URL: `postgres://gw@127.0.0.1:${port}/portal` });
      expect(run.code).not.toBe(0);
      expect(run.output).toContain(`PostgreSQL at 127.0.0.1:${port} did not answer within 5 s`);
      expect(run.ms).toBeLessThan(EXIT_WITHIN_MS);
    } finally {
      for (const s of sockets) s.destroy();
      silent.close();
    }
  });

  it('a second gateway on one PGlite folder: names the folder and the process holding it', async () => {
    // PGlite even when the suite runs on PostgreSQL (where the folder starts empty).
    const dataDir = await seededDataDir();
    const first = await startGateway({ env: { DATA_DIR: dataDir, DATABASE_URL: '' } });
    try {
      const run = await startToExit({ NODE_ENV: 'development', DATA_DIR: dataDir, DATABASE_URL: '' });
      expect(run.code).not.toBe(0);
      expect(run.output).toContain(`DATA_DIR ${dataDir} is in use by process ${first.child.pid}`);
      expect(run.ms).toBeLessThan(EXIT_WITHIN_MS);
      // The first one still serves.
      expect((await fetch(`${first.baseUrl}/jsons/indexConfig.json`)).status).toBe(200);
    } finally {
      await first.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it.skipIf(!onPostgres)('production with migrations not applied: names them and `npm run migrate`', async () => {
    const database = await createDatabase('gw_startup');
    const u = new URL(database.url);
    const dist = builtDist();
    try {
      const db = await openDb({ databaseUrl: u.toString(), poolMax: 1 });
      await migrate(db, listMigrations().slice(0, 2));
      await db.close();
      const run = await startToExit({ ...PRODUCTION, DATABASE_URL: u.toString(), DIST_DIR: dist });
      expect(run.code).not.toBe(0);
      const pending = listMigrations()
        .slice(2)
        .map((m) => `${m.name}.sql`);
      expect(run.output).toContain(
        `the database lacks ${pending.length} migration(s): ${pending.join(', ')}; run \`npm run migrate\``,
      );
      expect(run.ms).toBeLessThan(EXIT_WITHIN_MS);
      // Nothing was applied by the refused start.
      const check = new pg.Client({ connectionString: u.toString() });
      await check.connect();
      expect((await check.query('select count(*)::int as n from schema_migrations')).rows).toEqual([{ n: 2 }]);
      await check.end();
    } finally {
      fs.rmSync(dist, { recursive: true, force: true });
      await database.drop();
    }
  });
});
