/**
 * `npm start`: settings from the environment, the portal built if needed (never in
 * production), the database (PGlite in DATA_DIR, or PostgreSQL with DATABASE_URL), its
 * migrations (checked in production, applied elsewhere) and the demo seed, then listen.
 * SIGTERM/SIGINT: stop accepting, let in-flight requests finish, close the db.
 */
import { ConfigError, loadConfig, ROOT_DIR } from './config';
import { openDb } from './db/index';
import { pruneLoginTables } from './db/jobs';
import { prepareSchema } from './db/migrate';
import { seed } from './db/seed';
import { ensureBuild } from './ensure-build';
import { pruneGuardTables } from './guard';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  ensureBuild(ROOT_DIR, config.distDir, { production: config.production });

  const db = await openDb({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolMax: config.pgPoolMax,
    statementTimeoutMs: config.pgStatementTimeoutMs,
  });
  const applied = await prepareSchema(db, { production: config.production });
  // Demo data only outside production (DESIGN §2: production refuses every demo default).
  if (!config.production) await seed(db);
  // Loaded once the database is open: a refused start says why within seconds.
  const { buildApp } = await import('./app');
  const app = await buildApp({ db, config });
  if (applied.length) app.log.info({ applied }, 'migrations applied');
  app.log.info({ database: db.kind === 'pg' ? 'postgresql' : `pglite ${config.dataDir}` }, 'database ready');

  const prune = setInterval(() => {
    pruneGuardTables(db).catch((err) => app.log.warn({ err }, 'pruning nonces failed'));
    pruneLoginTables(db).catch((err) => app.log.warn({ err }, 'pruning tickets and SMS codes failed'));
  }, 60_000);
  prune.unref();

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    clearInterval(prune);
    const force = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    try {
      await app.close();
      await db.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const shown = config.host === '127.0.0.1' || config.host === '0.0.0.0' ? 'localhost' : config.host;
  app.log.info(`portal: http://${shown}:${config.port}/index`);
  if (!config.production) {
    app.log.info(
      'demo mode: SMS codes are shown on the SSO page; demo accounts 13800138000 (customer), 13900139000 (agent), 13700137000 (no rights)',
    );
  }
}

main().catch((error) => {
  console.error('gateway failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
