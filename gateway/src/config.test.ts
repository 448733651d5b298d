import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, DEMO_ADMIN_KEY, GATEWAY_NODE_ARGS, loadConfig, ROOT_DIR } from './config';

describe('config', () => {
  it('has demo defaults outside production', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 8080, host: '127.0.0.1', adminKey: DEMO_ADMIN_KEY, production: false, databaseUrl: undefined, ssoAllowedOrigins: [] });
    expect(c.dataDir).toMatch(/\.data[/\\]pglite$/);
    expect(c.distDir).toMatch(/dist$/);
  });

  it('reads the environment', () => {
    const c = loadConfig({ PORT: '9090', HOST: '0.0.0.0', ADMIN_KEY: 'k', SSO_ALLOWED_ORIGINS: 'https://a.example, https://b.example/', LOG_LEVEL: 'warn' });
    expect(c).toMatchObject({ port: 9090, host: '0.0.0.0', adminKey: 'k', logLevel: 'warn', ssoAllowedOrigins: ['https://a.example', 'https://b.example'] });
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
    }
    expect(() => loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://x', ADMIN_KEY: DEMO_ADMIN_KEY, SSO_ALLOWED_ORIGINS: 'https://a.example' })).toThrow(/demo key/);
  });

  it('starts in production with real settings', () => {
    const c = loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://x', ADMIN_KEY: 'a-long-real-admin-key-123', SSO_ALLOWED_ORIGINS: 'https://h5.example.com' });
    expect(c.production).toBe(true);
  });

  it('refuses a NODE_ENV it does not know instead of falling back to demo mode', () => {
    for (const NODE_ENV of ['Production', 'prod', 'staging', ' production']) {
      expect(() => loadConfig({ NODE_ENV, DATABASE_URL: 'postgres://x', ADMIN_KEY: 'a-long-real-admin-key-123', SSO_ALLOWED_ORIGINS: 'https://h5.example.com' })).toThrow(
        /NODE_ENV must be production, development or test/,
      );
    }
    expect(loadConfig({ NODE_ENV: 'test' }).production).toBe(false);
    expect(loadConfig({}).nodeEnv).toBe('development');
  });

  it('refuses nonsense', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ SSO_ALLOWED_ORIGINS: 'https://a.example/path' })).toThrow(/bare origin/);
    expect(loadConfig({}).sendMqPerMinute).toBe(120);
    expect(loadConfig({ SEND_MQ_PER_MINUTE: '30' }).sendMqPerMinute).toBe(30);
    for (const SEND_MQ_PER_MINUTE of ['0', 'many', '-5']) expect(() => loadConfig({ SEND_MQ_PER_MINUTE })).toThrow(/SEND_MQ_PER_MINUTE/);
  });

  it('npm start runs the gateway with the same node arguments as dev, e2e and the bench', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT_DIR, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts.start).toBe(['node', ...GATEWAY_NODE_ARGS].join(' '));
  });
});
