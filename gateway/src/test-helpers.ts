/**
 * What the gateway's tests share: an app on a fresh database (in-memory PGlite, or a new
 * throwaway database on the PostgreSQL of DATABASE_URL), migrated and seeded, plus signed
 * requests (fresh nonce + timestamp, docs/product.md §7 headers) as a demo user.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { demoUsers } from '../../contract/demo-data';
import { CLIENT_TYPE, CLIENT_VERSION, endpoints } from '../../contract/endpoints';
import type { Envelope } from '../../contract/types';
import { buildApp } from './app';
import { type Config, loadConfig } from './config';
import { type Db, openDb } from './db/index';
import { migrate } from './db/migrate';
import { seed } from './db/seed';
import { createSession } from './routes/login';

/** The demo users by role in the contract cases. */
export const DEMO = {
  customer: demoUsers.find((u) => u.mobilePhone === '13800138000')!,
  agent: demoUsers.find((u) => u.mobilePhone === '13900139000')!,
  empty: demoUsers.find((u) => u.mobilePhone === '13700137000')!,
};
export type DemoRole = keyof typeof DEMO;

export const onPostgres = !!process.env.DATABASE_URL;

/** A test config: demo mode, quiet, the real dist/ unless overridden. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), ...overrides };
}

const dumps: Partial<Record<'empty' | 'seeded', Blob>> = {};

/**
 * The in-memory PGlite data directory test-global-setup.ts dumped once for the run (read once
 * per file): `empty` right after initdb, `seeded` migrated and seeded. None outside that setup.
 */
function pgliteDump(kind: 'empty' | 'seeded'): Blob | undefined {
  const files = inject('pgliteDumps');
  if (!files) return undefined;
  return (dumps[kind] ??= new Blob([new Uint8Array(readFileSync(files[kind]))]));
}

/**
 * A fresh database: in-memory PGlite (or `dataDir`: loaded from the dump `from` when it holds no
 * database yet, else reopened), or on PostgreSQL a new database created beside the one of
 * DATABASE_URL and dropped by `drop()`.
 */
export async function freshDb(
  dataDir?: string,
  from: 'empty' | 'seeded' = 'empty',
): Promise<{ db: Db; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url || dataDir) {
    const db = await openDb({ dataDir: dataDir ?? 'memory://', loadDataDir: pgliteDump(from) });
    return { db, drop: () => db.close() };
  }
  const { url: databaseUrl, drop } = await createDatabase();
  const db = await openDb({ databaseUrl, poolMax: 60 });
  return {
    db,
    drop: async () => {
      await db.close();
      await drop();
    },
  };
}

/**
 * A new folder holding the migrated and seeded PGlite database, for a gateway process's
 * DATA_DIR: the process opens it instead of running initdb, the migrations and the seed (about
 * 2 s of CPU each). Empty on PostgreSQL, where the process uses DATABASE_URL. The caller removes it.
 */
export async function seededDataDir(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'gw-seeded-'));
  const dump = pgliteDump('seeded');
  if (dump) await (await openDb({ dataDir: dir, loadDataDir: dump })).close();
  return dir;
}

/** A new, empty database beside the one of DATABASE_URL: its URL, and `drop()` to remove it. */
export async function createDatabase(
  prefix = 'gw_test',
): Promise<{ url: string; name: string; drop: () => Promise<void> }> {
  const root = process.env.DATABASE_URL;
  if (!root) throw new Error('createDatabase needs DATABASE_URL (scripts/with-postgres.sh sets it)');
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: root });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(root);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    name,
    drop: async () => {
      const c = new pg.Client({ connectionString: root });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export interface SendOptions {
  /** A demo role, a raw token, or nothing (anonymous). */
  as?: DemoRole | { token: string };
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  /** Send `body` as application/x-www-form-urlencoded. */
  form?: boolean;
  headers?: Record<string, string>;
  /** Leave out the nonce/timestamp headers, or override them. */
  nonce?: string | null;
  timestamp?: number | string | null;
  /** The client's address (request.ip); default 127.0.0.1. */
  remoteAddress?: string;
}

export interface TestResponse<T = unknown> {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
  json: Envelope<T>;
}

export interface TestGateway {
  app: FastifyInstance;
  db: Db;
  config: Config;
  tokens: Record<DemoRole, string>;
  send<T = unknown>(method: InjectOptions['method'], url: string, options?: SendOptions): Promise<TestResponse<T>>;
  close(): Promise<void>;
}

export const newNonce = () => randomBytes(16).toString('hex');

/**
 * Builds the app on a fresh, migrated, seeded database with a session per demo user.
 * `beforeReady` may add hooks to the built app before it is ready (they apply to every route).
 */
export async function createTestGateway(
  overrides: Partial<Config> = {},
  dataDir?: string,
  beforeReady?: (app: FastifyInstance) => void,
): Promise<TestGateway> {
  const config = testConfig(overrides);
  // From the seeded dump where there is one; a directory that already holds a database (a
  // restart) opens as it is, migrated and seeded.
  const seeded = !onPostgres && pgliteDump('seeded') !== undefined;
  const { db, drop } = await freshDb(dataDir, seeded ? 'seeded' : 'empty');
  if (!seeded) {
    await migrate(db);
    await seed(db);
  }
  const app = await buildApp({ db, config, logger: false });
  beforeReady?.(app);
  await app.ready();
  const tokens = {
    customer: await createSession(db, DEMO.customer.userId),
    agent: await createSession(db, DEMO.agent.userId),
    empty: await createSession(db, DEMO.empty.userId),
  };
  const send: TestGateway['send'] = async (method, url, options = {}) => {
    const headers: Record<string, string> = {
      clientType: CLIENT_TYPE,
      clientVersion: CLIENT_VERSION,
      ...options.headers,
    };
    if (options.nonce !== null) headers.nonce = options.nonce ?? newNonce();
    if (options.timestamp !== null) headers.timestamp = String(options.timestamp ?? Date.now());
    const token =
      options.as === undefined ? undefined : typeof options.as === 'string' ? tokens[options.as] : options.as.token;
    if (token) headers.authorization = `Bearer ${token}`;
    let payload: string | undefined;
    if (options.body !== undefined) {
      if (options.form) {
        headers['content-type'] = 'application/x-www-form-urlencoded';
        payload = new URLSearchParams(options.body as Record<string, string>).toString();
      } else {
        headers['content-type'] ??= 'application/json';
        payload = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
      }
    }
    const query: Record<string, string> = {};
    for (const [k, v] of Object.entries(options.query ?? {})) if (v !== undefined) query[k] = String(v);
    const res = await app.inject({ method, url, query, headers, payload, remoteAddress: options.remoteAddress });
    let json: Envelope<never>;
    try {
      json = res.json();
    } catch {
      json = undefined as never;
    }
    return { status: res.statusCode, headers: res.headers, body: res.body, json };
  };
  return {
    app,
    db,
    config,
    tokens,
    send,
    async close() {
      await app.close();
      await drop();
    },
  };
}

/** Where the stand-in SSO's tests send the customer back to. */
export const SSO_REDIRECT = 'http://localhost:5173/transferPage';

/**
 * POST /sso/login as the SSO page sends it: a form from its own origin, the agreement ticked,
 * for the index product line; `fields` and `headers` add or replace.
 */
export function ssoForm(
  app: FastifyInstance,
  fields: Record<string, string>,
  headers: Record<string, string> = { origin: 'http://localhost' },
  ip = '127.0.0.1',
) {
  return app.inject({
    method: 'POST',
    url: endpoints.ssoLogin,
    remoteAddress: ip,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams({
      redirect_url: SSO_REDIRECT,
      source: 'h5portal',
      data: 'index',
      agree: '1',
      ...fields,
    }).toString(),
  });
}

/** POST /sso/sms for `phone` from `ip`: its envelope (demo mode shows the code). */
export async function ssoSms(app: FastifyInstance, phone: string, ip = '127.0.0.1') {
  const res = await app.inject({ method: 'POST', url: endpoints.ssoSms, payload: { phone }, remoteAddress: ip });
  return res.json() as Envelope<{ sent: true; demoCode?: string } | null>;
}

/** An SMS code for `phone`, then the form login with it: the raw answer of POST /sso/login. */
export async function ssoLogin(app: FastifyInstance, phone: string, fields: Record<string, string> = {}) {
  const sms = await ssoSms(app, phone);
  return ssoForm(app, { phone, code: sms.obj?.demoCode ?? '', ...fields });
}
