/**
 * Gateway settings, read once from the environment (docs/product.md §1.3). Outside production every
 * setting has a demo default; with NODE_ENV=production the demo defaults are refused and the
 * gateway does not start (docs/style.md §14: fail fast with the list of what is missing).
 */
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_SSO_SECRET } from '../../contract/demo-data';
import { parseTrustProxy, type TrustProxy } from './ops/trust-proxy';

/** pino's levels; pino itself would refuse another only once the app is built. */
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/**
 * The longest wait in ms: setTimeout fires at once past it (SIGTERM would exit 1 without
 * draining), and PostgreSQL refuses a longer statement_timeout.
 */
const MAX_MS = 2_147_483_647;

/** A host name (RFC 1123 labels; `_` too, as container names have it): no scheme, port or path. */
const HOST_NAME = /^[A-Za-z0-9_](?:[A-Za-z0-9_-]*[A-Za-z0-9_])?(?:\.[A-Za-z0-9_](?:[A-Za-z0-9_-]*[A-Za-z0-9_])?)*$/;

/** The repository root (gateway/src/ → ../..). */
export const ROOT_DIR = fileURLToPath(new URL('../..', import.meta.url));

export const DEMO_ADMIN_KEY = 'demo-admin-key';
/** SSO_SECRET outside production (msw vouches with it too: contract/demo-data.ts). */
export { DEMO_SSO_SECRET } from '../../contract/demo-data';
/** SSO_SECRET's shortest length in production: 32 characters, at least 128 bits when random. */
export const SSO_SECRET_MIN_LENGTH = 32;

/** The values NODE_ENV may take; unset means development. */
const NODE_ENVS = ['production', 'development', 'test'];

/**
 * How the gateway's process starts: `npm start` (package.json), `npm run dev`, the e2e suite
 * and the bench all run `node ${GATEWAY_NODE_ARGS}` (config.test.ts keeps package.json in step).
 * A young generation of up to 64 MB per semi-space: under load a request's objects then die
 * before a scavenge copies them, scavenges come half as often and nothing is promoted to be
 * marked later (docs/performance.md, "A larger young generation for the gateway"). It costs at most ≈ 100 MB more memory.
 */
export const GATEWAY_NODE_ARGS = ['--max-semi-space-size=64', '--import', 'tsx', 'gateway/src/server.ts'];

export interface Config {
  port: number;
  host: string;
  /** PostgreSQL connection string; when absent, embedded PGlite is used. */
  databaseUrl?: string;
  /** PGlite data directory (relative to the repository); `memory://` keeps the database in memory. */
  dataDir: string;
  adminKey: string;
  /** Origins the SSO page may redirect to (besides loopback outside production). */
  ssoAllowedOrigins: string[];
  /**
   * The stand-in SSO's key: it derives WeChat openIds from it and signs the openIds it hands
   * back, which wxinfo checks (decision 0052).
   */
  ssoSecret: string;
  nodeEnv: string;
  production: boolean;
  /** The built portal (`vite build` output). */
  distDir: string;
  /** The portal's public/ folder: `/jsons` falls back to it when dist has none. */
  publicDir: string;
  logLevel: string;
  /** Connections of the pg pool. */
  pgPoolMax: number;
  /** PostgreSQL's statement_timeout of the pool's connections (ms); 0 sends none. */
  pgStatementTimeoutMs: number;
  /** Whose address rate limits and logs see (Fastify's `trustProxy`); false: the socket's. */
  trustProxy: TrustProxy;
  /** The whole request, headers and body, must have arrived within this long (ms; decision 0048). */
  requestTimeoutMs: number;
  /** After SIGTERM/SIGINT the process has exited by then (ms). */
  shutdownGraceMs: number;
  /** After SIGTERM, how long the listener keeps serving while /readyz answers 503 (ms). */
  shutdownDelayMs: number;
  /** The Prometheus listener's port; null: no metrics listener. */
  metricsPort: number | null;
  /** Events md/sendMq accepts from one client address in a minute (decision 0022). */
  sendMqPerMinute: number;
  /** Analytics events older than this many days are deleted (decision 0053). */
  analyticsRetentionDays: number;
  sms: {
    /** Seconds between two codes to one phone. */
    phoneIntervalSec: number;
    phonePerDay: number;
    ipPerHour: number;
  };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Refusing to start, the settings are not usable:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

const int = (value: string | undefined, fallback: number, name: string, problems: string[]) => {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) {
    problems.push(`${name} must be a non-negative integer (got "${value}")`);
    return fallback;
  }
  return n;
};

/** A whole number of milliseconds up to MAX_MS; the fallback when refused. */
const ms = (value: string | undefined, fallback: number, name: string, problems: string[]) => {
  const n = int(value, fallback, name, problems);
  if (n <= MAX_MS) return n;
  problems.push(`${name} must be at most ${MAX_MS} ms (got "${value}")`);
  return fallback;
};

/** The PGlite folder of DATA_DIR (relative to the repository), or `memory://…` as given. */
export const dataDirFrom = (env: NodeJS.ProcessEnv) =>
  env.DATA_DIR?.startsWith('memory://') ? env.DATA_DIR : path.resolve(ROOT_DIR, env.DATA_DIR || '.data/pglite');

/**
 * REQUEST_TIMEOUT_MS's range (decision 0048). Below 1 s a phone's request on a slow link fails;
 * above Node's own default (5 minutes) the setting would guard less than Node does unset.
 */
export const REQUEST_TIMEOUT_RANGE_MS = [1_000, 300_000] as const;

/**
 * ANALYTICS_RETENTION_DAYS's range (decision 0053): 0 would delete each event as it arrives;
 * past ten years the setting no longer bounds anything (and PIPL asks for the shortest need).
 */
export const ANALYTICS_RETENTION_RANGE_DAYS = [1, 3_650] as const;

/** Reads the settings from `env`; throws ConfigError when production settings are missing. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const problems: string[] = [];
  const nodeEnv = env.NODE_ENV || 'development';
  // Any other value (`Production`, `prod`) would run in demo mode with the demo admin key and
  // SMS codes shown: refused, so a typo fails closed (docs/product.md §12.4).
  if (!NODE_ENVS.includes(nodeEnv))
    problems.push(`NODE_ENV must be production, development or test (got "${nodeEnv}")`);
  const production = nodeEnv === 'production';
  const origins = (env.SSO_ALLOWED_ORIGINS ?? '')
    .split(',')
    .map((s) => s.trim().replace(/\/+$/, ''))
    .filter(Boolean);
  for (const o of origins) {
    // The SSO compares a redirect's origin with each entry as a string: a pattern never matches.
    if (o.includes('*')) {
      problems.push(`SSO_ALLOWED_ORIGINS: "${o}" has a "*", but origins are compared exactly: list each origin`);
      continue;
    }
    try {
      const url = new URL(o);
      if (url.origin !== o) problems.push(`SSO_ALLOWED_ORIGINS: "${o}" is not a bare origin`);
      else if (production && url.protocol !== 'https:')
        problems.push(`SSO_ALLOWED_ORIGINS: "${o}" is not https: in production tickets would travel in cleartext`);
    } catch {
      problems.push(`SSO_ALLOWED_ORIGINS: "${o}" is not a URL`);
    }
  }
  const adminKey = env.ADMIN_KEY || (production ? '' : DEMO_ADMIN_KEY);
  const ssoSecret = env.SSO_SECRET || (production ? '' : DEMO_SSO_SECRET);
  if (production) {
    if (!env.DATABASE_URL) problems.push('DATABASE_URL is required (embedded PGlite is for demos)');
    if (!env.ADMIN_KEY) problems.push('ADMIN_KEY is required');
    else if (env.ADMIN_KEY.trim() === '') problems.push('ADMIN_KEY must not be blank');
    else if (env.ADMIN_KEY !== env.ADMIN_KEY.trim())
      problems.push(
        'ADMIN_KEY must not begin or end with whitespace: a header value loses it, so the key would never match',
      );
    else if (env.ADMIN_KEY === DEMO_ADMIN_KEY) problems.push('ADMIN_KEY must not be the demo key');
    else if (env.ADMIN_KEY.length < 16) problems.push('ADMIN_KEY must be at least 16 characters');
    if (origins.length === 0) problems.push('SSO_ALLOWED_ORIGINS is required (comma-separated origins)');
    // With the demo secret, anyone who has read this repository could sign any openId.
    if (!env.SSO_SECRET) problems.push('SSO_SECRET is required (it signs the WeChat openIds the SSO hands back)');
    else if (env.SSO_SECRET === DEMO_SSO_SECRET) problems.push('SSO_SECRET must not be the demo secret');
    else if (env.SSO_SECRET.length < SSO_SECRET_MIN_LENGTH)
      problems.push(`SSO_SECRET must be at least ${SSO_SECRET_MIN_LENGTH} characters`);
  }
  const port = int(env.PORT, 8080, 'PORT', problems);
  // Node would refuse 70000 only at listen, once the database is open, and 0 listens on any port.
  if (port < 1 || port > 65_535) problems.push(`PORT must be a port from 1 to 65535 (got "${env.PORT}")`);
  const host = env.HOST || '127.0.0.1';
  if (!isIP(host) && !HOST_NAME.test(host)) problems.push(`HOST must be an IP address or a host name (got "${host}")`);
  const logLevel = env.LOG_LEVEL || 'info';
  if (!LOG_LEVELS.includes(logLevel))
    problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got "${logLevel}")`);
  // 8: on the 2-core machine busier backends beat more of them (docs/performance.md, "A pool of 8 PostgreSQL connections").
  const pgPoolMax = int(env.PG_POOL_MAX, 8, 'PG_POOL_MAX', problems);
  // pg-pool would read 0 as its own default, 10.
  if (pgPoolMax < 1) problems.push(`PG_POOL_MAX must be at least 1 (got "${env.PG_POOL_MAX}")`);
  const requestTimeoutMs = int(env.REQUEST_TIMEOUT_MS, 30_000, 'REQUEST_TIMEOUT_MS', problems);
  const [minRequestMs, maxRequestMs] = REQUEST_TIMEOUT_RANGE_MS;
  if (requestTimeoutMs < minRequestMs || requestTimeoutMs > maxRequestMs)
    problems.push(
      `REQUEST_TIMEOUT_MS must be from ${minRequestMs} to ${maxRequestMs} ms (got "${env.REQUEST_TIMEOUT_MS}")`,
    );
  const shutdownGraceMs = ms(env.SHUTDOWN_GRACE_MS, 10_000, 'SHUTDOWN_GRACE_MS', problems);
  if (shutdownGraceMs === 0) problems.push('SHUTDOWN_GRACE_MS must be above 0 (got "0")');
  // Decision 0021: 0 outside an orchestrator; behind a load balancer, its health-check lag.
  const shutdownDelayMs = ms(env.SHUTDOWN_DELAY_MS, 0, 'SHUTDOWN_DELAY_MS', problems);
  if (shutdownDelayMs >= shutdownGraceMs && shutdownGraceMs > 0) {
    problems.push(
      `SHUTDOWN_DELAY_MS (${shutdownDelayMs}) must be below SHUTDOWN_GRACE_MS (${shutdownGraceMs}): in-flight requests need time to finish`,
    );
  }
  const metricsPort = env.METRICS_PORT ? int(env.METRICS_PORT, 0, 'METRICS_PORT', problems) : null;
  if (metricsPort !== null && (metricsPort < 1 || metricsPort > 65_535))
    problems.push(`METRICS_PORT must be a port from 1 to 65535 (got "${env.METRICS_PORT}")`);
  // Metrics are for the monitoring network, never for the portal's visitors.
  if (metricsPort !== null && metricsPort === port)
    problems.push(`METRICS_PORT must differ from PORT (${port}): metrics are never served on the public port`);
  const analyticsRetentionDays = int(env.ANALYTICS_RETENTION_DAYS, 90, 'ANALYTICS_RETENTION_DAYS', problems);
  const [minRetention, maxRetention] = ANALYTICS_RETENTION_RANGE_DAYS;
  if (analyticsRetentionDays < minRetention || analyticsRetentionDays > maxRetention)
    problems.push(
      `ANALYTICS_RETENTION_DAYS must be from ${minRetention} to ${maxRetention} days (got "${env.ANALYTICS_RETENTION_DAYS}")`,
    );
  const trustProxy = parseTrustProxy(env.TRUST_PROXY);
  if (typeof trustProxy === 'string') problems.push(trustProxy);
  const config: Config = {
    port,
    host,
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: dataDirFrom(env),
    adminKey,
    ssoAllowedOrigins: origins,
    ssoSecret,
    nodeEnv,
    production,
    distDir: path.resolve(ROOT_DIR, env.DIST_DIR || 'dist'),
    publicDir: path.resolve(ROOT_DIR, 'public'),
    logLevel,
    pgPoolMax,
    // 0: the gateway sends none and the role's or database's setting applies (PgBouncer,
    // docs/operations.md, "Database").
    pgStatementTimeoutMs: ms(env.PG_STATEMENT_TIMEOUT_MS, 5_000, 'PG_STATEMENT_TIMEOUT_MS', problems),
    trustProxy: typeof trustProxy === 'string' ? false : trustProxy.value,
    requestTimeoutMs,
    shutdownGraceMs,
    shutdownDelayMs,
    metricsPort,
    sendMqPerMinute: int(env.SEND_MQ_PER_MINUTE, 120, 'SEND_MQ_PER_MINUTE', problems),
    analyticsRetentionDays,
    sms: {
      phoneIntervalSec: int(env.SMS_PHONE_INTERVAL_SEC, 60, 'SMS_PHONE_INTERVAL_SEC', problems),
      phonePerDay: int(env.SMS_PHONE_PER_DAY, 10, 'SMS_PHONE_PER_DAY', problems),
      ipPerHour: int(env.SMS_IP_PER_HOUR, 30, 'SMS_IP_PER_HOUR', problems),
    },
  };
  if (config.sendMqPerMinute < 1) problems.push('SEND_MQ_PER_MINUTE must be at least 1');
  if (problems.length) throw new ConfigError(problems);
  return config;
}
