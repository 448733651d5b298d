/**
 * `npm start`: settings from the environment, the portal built if needed (never in
 * production), the database (PGlite in DATA_DIR, or PostgreSQL with DATABASE_URL), its
 * migrations (checked in production, applied elsewhere) and the demo seed, then listen;
 * metrics on METRICS_PORT when set. SIGTERM/SIGINT: drain (ops/shutdown.ts).
 */
import { ConfigError, loadConfig, ROOT_DIR } from './config';
import { openDb } from './db/index';
import { pruneAnalyticsEvents, pruneLoginTables } from './db/jobs';
import { prepareSchema } from './db/migrate';
import { seed } from './db/seed';
import { ensureBuild } from './ensure-build';
import { pruneGuardTables } from './guard';
import { listenMetrics } from './ops/metrics';
import { drainer } from './ops/shutdown';

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
  // Demo data only outside production (docs/product.md §1.3: production refuses every demo default).
  if (!config.production) await seed(db);
  // Loaded once the database is open: a refused start says why within seconds.
  const { buildApp } = await import('./app');
  const app = await buildApp({ db, config });
  if (applied.length) app.log.info({ applied }, 'migrations applied');
  app.log.info({ database: db.kind === 'pg' ? 'postgresql' : `pglite ${config.dataDir}` }, 'database ready');

  const prune = setInterval(() => {
    pruneGuardTables(db).catch((err) => app.log.warn({ err }, 'pruning nonces failed'));
    pruneLoginTables(db).catch((err) => app.log.warn({ err }, 'pruning tickets and SMS codes failed'));
    pruneAnalyticsEvents(db, config.analyticsRetentionDays)
      .then((deleted) => {
        if (deleted) app.log.info({ deleted }, 'analytics events past their retention deleted');
      })
      .catch((err) => app.log.warn({ err }, 'pruning analytics events failed'));
  }, 60_000);
  prune.unref();

  // Its own listener, never the public port (config.ts refuses METRICS_PORT = PORT).
  const metricsServer =
    app.metrics && config.metricsPort !== null
      ? await listenMetrics(app.metrics, config.metricsPort, config.host)
      : null;
  if (metricsServer) app.log.info(`metrics: http://${config.host}:${config.metricsPort}/metrics`);

  const drain = drainer(app, {
    graceMs: config.shutdownGraceMs,
    delayMs: config.shutdownDelayMs,
    async cleanup() {
      clearInterval(prune);
      await db.close();
      if (metricsServer) {
        // A scraper's keep-alive connection would otherwise hold the exit until the grace.
        metricsServer.closeAllConnections();
        await new Promise((resolve) => metricsServer.close(resolve));
      }
    },
  });
  process.on('SIGTERM', () => void drain('SIGTERM'));
  process.on('SIGINT', () => void drain('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const shown = config.host === '127.0.0.1' || config.host === '0.0.0.0' ? 'localhost' : config.host;
  app.log.info({ node: process.version }, `portal: http://${shown}:${config.port}/index`);
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
