import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, DEMO_ADMIN_KEY, DEMO_SSO_SECRET, GATEWAY_NODE_ARGS, loadConfig, ROOT_DIR } from './config';

const REAL_SSO_SECRET = 'k7Qf2mVx9LpR4sTa8WcYe3NbH6jUz1Dg';

/** The lines a refused start prints, or none. */
function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env);
    return [];
  } catch (e) {
    if (e instanceof ConfigError) return e.problems;
    throw e;
  }
}

describe('config', () => {
  it('has demo defaults outside production', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      adminKey: DEMO_ADMIN_KEY,
      ssoSecret: DEMO_SSO_SECRET,
      production: false,
      databaseUrl: undefined,
      ssoAllowedOrigins: [],
    });
    expect(c.dataDir).toMatch(/\.data[/\\]pglite$/);
    expect(c.distDir).toMatch(/dist$/);
  });

  it('reads the environment', () => {
    const c = loadConfig({
      PORT: '9090',
      HOST: '0.0.0.0',
      ADMIN_KEY: 'k',
      SSO_ALLOWED_ORIGINS: 'https://a.example, https://b.example/',
      LOG_LEVEL: 'warn',
    });
    expect(c).toMatchObject({
      port: 9090,
      host: '0.0.0.0',
      adminKey: 'k',
      logLevel: 'warn',
      ssoAllowedOrigins: ['https://a.example', 'https://b.example'],
    });
  });

  it('reads PG_STATEMENT_TIMEOUT_MS (default 5000, 0 sends none) and refuses what is not a whole number', () => {
    expect(loadConfig({}).pgStatementTimeoutMs).toBe(5000);
    expect(loadConfig({ PG_STATEMENT_TIMEOUT_MS: '1500' }).pgStatementTimeoutMs).toBe(1500);
    expect(loadConfig({ PG_STATEMENT_TIMEOUT_MS: '0' }).pgStatementTimeoutMs).toBe(0);
    for (const bad of ['5s', '-1', '1.5']) {
      expect(() => loadConfig({ PG_STATEMENT_TIMEOUT_MS: bad })).toThrow(
        `PG_STATEMENT_TIMEOUT_MS must be a non-negative integer (got "${bad}")`,
      );
    }
  });

  it('reads REQUEST_TIMEOUT_MS (default 30000 in every mode) and refuses one outside 1000–300000', () => {
    expect(loadConfig({}).requestTimeoutMs).toBe(30_000);
    expect(
      loadConfig({
        NODE_ENV: 'production',
        DATABASE_URL: 'postgres://x',
        ADMIN_KEY: 'a-long-real-admin-key-123',
        SSO_ALLOWED_ORIGINS: 'https://h5.example.com',
        SSO_SECRET: REAL_SSO_SECRET,
      }).requestTimeoutMs,
    ).toBe(30_000);
    expect(loadConfig({ REQUEST_TIMEOUT_MS: '1000' }).requestTimeoutMs).toBe(1000);
    expect(loadConfig({ REQUEST_TIMEOUT_MS: '300000' }).requestTimeoutMs).toBe(300_000);
    for (const bad of ['0', '999', '300001', '2147483648'])
      expect(() => loadConfig({ REQUEST_TIMEOUT_MS: bad }), bad).toThrow(
        `REQUEST_TIMEOUT_MS must be from 1000 to 300000 ms (got "${bad}")`,
      );
    for (const bad of ['30s', '-1', '1.5e3x'])
      expect(() => loadConfig({ REQUEST_TIMEOUT_MS: bad }), bad).toThrow(
        /REQUEST_TIMEOUT_MS must be a non-negative integer/,
      );
  });

  it('reads ANALYTICS_RETENTION_DAYS (default 90) and refuses one outside 1–3650 days, naming it', () => {
    expect(loadConfig({}).analyticsRetentionDays).toBe(90);
    expect(loadConfig({ ANALYTICS_RETENTION_DAYS: '1' }).analyticsRetentionDays).toBe(1);
    expect(loadConfig({ ANALYTICS_RETENTION_DAYS: '3650' }).analyticsRetentionDays).toBe(3650);
    for (const bad of ['0', '3651', '9007199254740991'])
      expect(() => loadConfig({ ANALYTICS_RETENTION_DAYS: bad }), bad).toThrow(
        `ANALYTICS_RETENTION_DAYS must be from 1 to 3650 days (got "${bad}")`,
      );
    for (const bad of ['90d', '-1', '1.5'])
      expect(() => loadConfig({ ANALYTICS_RETENTION_DAYS: bad }), bad).toThrow(
        `ANALYTICS_RETENTION_DAYS must be a non-negative integer (got "${bad}")`,
      );
  });

  it('keeps DATA_DIR=memory:// in memory, and resolves a folder against the repository', () => {
    expect(loadConfig({ DATA_DIR: 'memory://' }).dataDir).toBe('memory://');
    expect(loadConfig({ DATA_DIR: 'tmp/db' }).dataDir).toBe(path.join(ROOT_DIR, 'tmp', 'db'));
  });

  it('refuses to start in production with demo defaults, listing every problem', () => {
    try {
      loadConfig({ NODE_ENV: 'production' });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      const problems = (e as ConfigError).problems.join('\n');
      expect(problems).toMatch(/DATABASE_URL/);
      expect(problems).toMatch(/ADMIN_KEY/);
      expect(problems).toMatch(/SSO_ALLOWED_ORIGINS/);
      expect(problems).toMatch(/SSO_SECRET is required/);
    }
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        DATABASE_URL: 'postgres://x',
        ADMIN_KEY: DEMO_ADMIN_KEY,
        SSO_ALLOWED_ORIGINS: 'https://a.example',
      }),
    ).toThrow(/demo key/);
  });

  it('refuses in production an SSO_SECRET that is the demo one or short, and reads one outside it', () => {
    const production = {
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://x',
      ADMIN_KEY: 'a-long-real-admin-key-123',
      SSO_ALLOWED_ORIGINS: 'https://h5.example.com',
    };
    expect(problemsOf({ ...production, SSO_SECRET: DEMO_SSO_SECRET })).toEqual([
      'SSO_SECRET must not be the demo secret',
    ]);
    expect(problemsOf({ ...production, SSO_SECRET: 'x'.repeat(31) })).toEqual([
      'SSO_SECRET must be at least 32 characters',
    ]);
    expect(problemsOf({ ...production, SSO_SECRET: 'x'.repeat(32) })).toEqual([]);
    expect(loadConfig({ SSO_SECRET: 'another' }).ssoSecret).toBe('another');
  });

  it('starts in production with real settings', () => {
    const c = loadConfig({
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://x',
      ADMIN_KEY: 'a-long-real-admin-key-123',
      SSO_ALLOWED_ORIGINS: 'https://h5.example.com',
      SSO_SECRET: REAL_SSO_SECRET,
    });
    expect(c.production).toBe(true);
    expect(c.ssoSecret).toBe(REAL_SSO_SECRET);
  });

  it('refuses a NODE_ENV it does not know instead of falling back to demo mode', () => {
    for (const NODE_ENV of ['Production', 'prod', 'staging', ' production']) {
      expect(() =>
        loadConfig({
          NODE_ENV,
          DATABASE_URL: 'postgres://x',
          ADMIN_KEY: 'a-long-real-admin-key-123',
          SSO_ALLOWED_ORIGINS: 'https://h5.example.com',
          SSO_SECRET: REAL_SSO_SECRET,
        }),
      ).toThrow(/NODE_ENV must be production, development or test/);
    }
    expect(loadConfig({ NODE_ENV: 'test' }).production).toBe(false);
    expect(loadConfig({}).nodeEnv).toBe('development');
  });

  it('refuses nonsense', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ SSO_ALLOWED_ORIGINS: 'https://a.example/path' })).toThrow(/bare origin/);
    expect(loadConfig({}).sendMqPerMinute).toBe(120);
    expect(loadConfig({ SEND_MQ_PER_MINUTE: '30' }).sendMqPerMinute).toBe(30);
    for (const SEND_MQ_PER_MINUTE of ['0', 'many', '-5'])
      expect(() => loadConfig({ SEND_MQ_PER_MINUTE })).toThrow(/SEND_MQ_PER_MINUTE/);
  });

  it('reads the operations settings, off by default', () => {
    expect(loadConfig({})).toMatchObject({
      trustProxy: false,
      shutdownGraceMs: 10_000,
      shutdownDelayMs: 0,
      metricsPort: null,
    });
    expect(
      loadConfig({ TRUST_PROXY: '1', SHUTDOWN_GRACE_MS: '3000', SHUTDOWN_DELAY_MS: '1000', METRICS_PORT: '9464' }),
    ).toMatchObject({
      trustProxy: 1,
      shutdownGraceMs: 3000,
      shutdownDelayMs: 1000,
      metricsPort: 9464,
    });
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,::1,fd00::/8,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
  });

  it('refuses operations settings that make no sense, naming the setting', () => {
    const refused: Array<[Record<string, string>, RegExp]> = [
      [{ SHUTDOWN_GRACE_MS: 'ten' }, /SHUTDOWN_GRACE_MS must be a non-negative integer \(got "ten"\)/],
      [{ SHUTDOWN_GRACE_MS: '0' }, /SHUTDOWN_GRACE_MS must be above 0/],
      [{ SHUTDOWN_GRACE_MS: '-5' }, /SHUTDOWN_GRACE_MS/],
      [{ SHUTDOWN_DELAY_MS: '10000' }, /SHUTDOWN_DELAY_MS \(10000\) must be below SHUTDOWN_GRACE_MS \(10000\)/],
      [{ METRICS_PORT: '80a' }, /METRICS_PORT must be a non-negative integer/],
      [{ METRICS_PORT: '70000' }, /METRICS_PORT must be a port from 1 to 65535/],
      [{ METRICS_PORT: '0' }, /METRICS_PORT must be a port/],
      [{ PORT: '9000', METRICS_PORT: '9000' }, /METRICS_PORT must differ from PORT \(9000\)/],
      [{ TRUST_PROXY: 'true' }, /TRUST_PROXY must be a hop count or a comma-separated list .*"true"/],
      [{ TRUST_PROXY: '10.0.0.0/33' }, /TRUST_PROXY.*"10\.0\.0\.0\/33"/],
      [{ TRUST_PROXY: '10.0.0.1,, ' }, /TRUST_PROXY/],
      [{ TRUST_PROXY: 'proxy.internal' }, /TRUST_PROXY.*"proxy\.internal"/],
      [{ TRUST_PROXY: '1.5' }, /TRUST_PROXY/],
      [{ TRUST_PROXY: '100' }, /TRUST_PROXY: 100 proxies/],
    ];
    for (const [env, message] of refused) expect(() => loadConfig(env), JSON.stringify(env)).toThrow(message);
  });

  it('refuses what would fail later or not at all, naming the setting', () => {
    const refused: Array<[Record<string, string>, RegExp]> = [
      // Node would refuse 70000 only at listen, after the database is opened; 0 picks any port.
      [{ PORT: '70000' }, /^PORT must be a port from 1 to 65535 \(got "70000"\)$/],
      [{ PORT: '0' }, /^PORT must be a port from 1 to 65535 \(got "0"\)$/],
      [
        { LOG_LEVEL: 'verbose' },
        /^LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent \(got "verbose"\)$/,
      ],
      [{ LOG_LEVEL: 'WARN' }, /^LOG_LEVEL must be one of/],
      [{ HOST: ' ' }, /^HOST must be an IP address or a host name \(got " "\)$/],
      [{ HOST: '0.0.0.0 ' }, /^HOST must be/],
      [{ HOST: 'http://0.0.0.0' }, /^HOST must be an IP address or a host name \(got "http:\/\/0\.0\.0\.0"\)$/],
      [{ HOST: '0.0.0.0:8080' }, /^HOST must be/],
      [{ HOST: 'gateway.internal/' }, /^HOST must be/],
      [{ HOST: '[::1]' }, /^HOST must be/],
      [{ HOST: 'my host' }, /^HOST must be/],
      [{ PG_POOL_MAX: '0' }, /^PG_POOL_MAX must be at least 1 \(got "0"\)$/],
      // setTimeout fires at once past 2^31 - 1 ms: SIGTERM would exit 1 without draining.
      [{ SHUTDOWN_GRACE_MS: '2147483648' }, /^SHUTDOWN_GRACE_MS must be at most 2147483647 ms \(got "2147483648"\)$/],
      [
        { SHUTDOWN_GRACE_MS: '2147483647', SHUTDOWN_DELAY_MS: '99999999999' },
        /^SHUTDOWN_DELAY_MS must be at most 2147483647 ms/,
      ],
      // PostgreSQL's statement_timeout takes at most 2^31 - 1 ms, and would refuse the connection.
      [{ PG_STATEMENT_TIMEOUT_MS: '2147483648' }, /^PG_STATEMENT_TIMEOUT_MS must be at most 2147483647 ms/],
      // A bare origin is compared exactly: a pattern never matches.
      [
        { SSO_ALLOWED_ORIGINS: 'https://*.example.com' },
        /^SSO_ALLOWED_ORIGINS: "https:\/\/\*\.example\.com" has a "\*", but origins are compared exactly/,
      ],
      [{ SSO_ALLOWED_ORIGINS: 'https://a.example,*' }, /^SSO_ALLOWED_ORIGINS: "\*" has a "\*"/],
    ];
    for (const [env, message] of refused)
      expect(problemsOf(env), JSON.stringify(env)).toContainEqual(expect.stringMatching(message));
    // What stays accepted.
    expect(loadConfig({ PORT: '1' }).port).toBe(1);
    expect(loadConfig({ PORT: '65535' }).port).toBe(65_535);
    for (const LOG_LEVEL of ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      expect(loadConfig({ LOG_LEVEL }).logLevel).toBe(LOG_LEVEL);
    for (const HOST of ['0.0.0.0', '127.0.0.1', '::', '::1', 'fd00::7', 'localhost', 'gateway-1.internal', 'app_1'])
      expect(loadConfig({ HOST }).host).toBe(HOST);
    expect(loadConfig({ PG_POOL_MAX: '1' }).pgPoolMax).toBe(1);
    expect(loadConfig({ SHUTDOWN_GRACE_MS: '2147483647' }).shutdownGraceMs).toBe(2_147_483_647);
    expect(loadConfig({ SSO_ALLOWED_ORIGINS: 'http://h5.test:5173' }).ssoAllowedOrigins).toEqual([
      'http://h5.test:5173',
    ]);
  });

  it('refuses in production what would send tickets in cleartext or a blank admin key', () => {
    const real = {
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://x',
      ADMIN_KEY: 'a-long-real-admin-key-123',
      SSO_ALLOWED_ORIGINS: 'https://h5.example.com',
      SSO_SECRET: REAL_SSO_SECRET,
    };
    const refused: Array<[Record<string, string>, RegExp]> = [
      [
        { SSO_ALLOWED_ORIGINS: 'https://h5.example.com,http://portal.example.com' },
        /^SSO_ALLOWED_ORIGINS: "http:\/\/portal\.example\.com" is not https: in production tickets would travel in cleartext$/,
      ],
      [
        { SSO_ALLOWED_ORIGINS: 'http://localhost:8080' },
        /^SSO_ALLOWED_ORIGINS: "http:\/\/localhost:8080" is not https/,
      ],
      [{ ADMIN_KEY: ' '.repeat(16) }, /^ADMIN_KEY must not be blank$/],
      [{ ADMIN_KEY: '\t'.repeat(20) }, /^ADMIN_KEY must not be blank$/],
      [
        { ADMIN_KEY: ' a-long-real-admin-key-123' },
        /^ADMIN_KEY must not begin or end with whitespace: a header value loses it, so the key would never match$/,
      ],
      [{ ADMIN_KEY: 'a-long-real-admin-key-123\n' }, /^ADMIN_KEY must not begin or end with whitespace/],
    ];
    for (const [env, message] of refused)
      expect(problemsOf({ ...real, ...env }), JSON.stringify(env)).toEqual([expect.stringMatching(message)]);
    expect(loadConfig(real).ssoAllowedOrigins).toEqual(['https://h5.example.com']);
  });

  it('npm start runs the gateway with the same node arguments as dev, e2e and the bench', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT_DIR, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(pkg.scripts.start).toBe(['node', ...GATEWAY_NODE_ARGS].join(' '));
  });
});
