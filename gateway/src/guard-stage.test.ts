/**
 * The guard stage decides before any handler (decision 0030). Every A and B route of the app's
 * own route table is walked: a stale timestamp, a replayed nonce, a missing or dead token is
 * answered 401 with no handler reached and no statement run but the guard's own; and the
 * caller a handler sees is the one the guard stage decided from the request's token.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Code, REPLAY_WINDOW_MS, type UnauthorizedReason } from '../../contract/codes';
import { A, B, endpoints } from '../../contract/endpoints';
import { contractCases } from './contract-cases';
import type { Db } from './db/index';
import { createSession } from './routes/login';
import { createTestGateway, DEMO, newNonce, type SendOptions, type TestGateway } from './test-helpers';

/** The public calls (a token is optional, docs/product.md §6.2); every other A and B call requires one. */
const PUBLIC = new Set<string>([endpoints.portalGetMore, endpoints.loginCk, endpoints.loginCkNew, endpoints.sendMq]);

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface Walked {
  method: Method;
  url: string;
}

/**
 * The A and B routes of the app's router, read from its printed tree (`├── segment (GET, HEAD)`,
 * a child's path continuing its parent's), HEAD left out.
 */
function guardedRoutes(app: FastifyInstance): Walked[] {
  const routes: Walked[] = [];
  const paths: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (\S+)(?: \(([A-Z, ]+)\))?/.exec(line);
    if (!match) continue;
    const depth = match[1].length / 4;
    const url = (depth ? paths[depth - 1] : '') + match[2];
    paths[depth] = url;
    if (!match[3] || !(url.startsWith(`${A}/`) || url.startsWith(`${B}/`))) continue;
    for (const method of match[3].split(', ')) if (method !== 'HEAD') routes.push({ method: method as Method, url });
  }
  return routes;
}

/** A contract case's query and body for the route, so a handler that ran would act on them. */
function sample({ method, url }: Walked): SendOptions {
  const row = contractCases.find((c) => c.method === method && c.path === url && c.expect.code === Code.ok);
  return row ? { query: row.query, body: row.body, form: row.form } : {};
}

/** Every call on the database while `fn` runs: statement names, transactions, held connections. */
async function databaseCalls(db: Db, fn: () => Promise<void>) {
  const spies = [
    vi.spyOn(db, 'query'),
    vi.spyOn(db, 'exec'),
    vi.spyOn(db, 'transaction'),
    vi.spyOn(db, 'withConnection'),
  ];
  try {
    await fn();
    const [query, ...others] = spies;
    return {
      statements: query.mock.calls.map(([, , name]) => name ?? 'unnamed'),
      others: others.reduce((n, spy) => n + spy.mock.calls.length, 0),
    };
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}

describe('guard stage: decided before the handler on every A and B route (decision 0030)', () => {
  let gw: TestGateway;
  /** Who each request that reached its handler was, as the handler sees it. */
  const reached: Array<{ url: string; userId: string | null }> = [];
  let routes: Walked[];

  beforeAll(async () => {
    gw = await createTestGateway({}, undefined, (app) => {
      // The last step before the handler: whatever runs here, the handler runs next.
      app.addHook('preHandler', (request: FastifyRequest, _reply, done) => {
        reached.push({ url: request.routeOptions.url ?? '', userId: request.userId });
        done();
      });
    });
    routes = guardedRoutes(gw.app);
  });
  afterAll(() => gw.close());

  it('walks every A and B endpoint of the contract', () => {
    const contract = Object.values(endpoints).filter((url) => url.startsWith(`${A}/`) || url.startsWith(`${B}/`));
    expect(new Set(routes.map((r) => r.url))).toEqual(new Set(contract));
  });

  it('answers a stale timestamp, a replayed nonce and a missing or dead token before any handler', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      // A nonce already seen (by any instance): recorded as the guard records it.
      const used = newNonce();
      await gw.db.query('insert into nonces (nonce) values ($1)', [used]);
      const attempts: Array<[UnauthorizedReason, SendOptions]> = [
        ['clock', { as: 'customer', timestamp: Date.now() - REPLAY_WINDOW_MS - 1000 }],
        ['replay', { as: 'customer', nonce: used }],
      ];
      if (!PUBLIC.has(route.url)) attempts.push(['no-token', {}], ['token-expired', { as: { token: 'd'.repeat(43) } }]);
      for (const [reason, options] of attempts) {
        reached.length = 0;
        let reasonSeen: unknown;
        const calls = await databaseCalls(gw.db, async () => {
          const res = await gw.send(route.method, route.url, { ...sample(route), ...options });
          reasonSeen =
            res.json.code === Code.unauthorized ? (res.json.obj as { reason: string }).reason : `code ${res.json.code}`;
        });
        const where = `${route.method} ${route.url} (${reason})`;
        if (reasonSeen !== reason) failures.push(`${where}: answered ${String(reasonSeen)}`);
        if (reached.length) failures.push(`${where}: its handler was reached`);
        // Only the guard's own statement, and none at all for what the headers decide.
        const expected = reason === 'clock' || reason === 'no-token' ? [] : ['guard_batch'];
        if (JSON.stringify(calls.statements) !== JSON.stringify(expected) || calls.others) {
          failures.push(`${where}: the database saw ${JSON.stringify(calls)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(routes.length).toBeGreaterThanOrEqual(20);
  });

  it('gives each handler the caller the guard stage decided from the token', async () => {
    const seen: string[] = [];
    for (const route of routes) {
      // A session of its own: a handler may end it (logout, unbind).
      const token = await createSession(gw.db, DEMO.agent.userId);
      reached.length = 0;
      await gw.send(route.method, route.url, { ...sample(route), as: { token } });
      seen.push(`${route.method} ${route.url}: ${reached.map((r) => r.userId).join(',')}`);
    }
    expect(seen).toEqual(routes.map((r) => `${r.method} ${r.url}: ${DEMO.agent.userId}`));
    // And a public call without a token reaches its handler as nobody.
    reached.length = 0;
    await gw.send('GET', endpoints.portalGetMore, sample({ method: 'GET', url: endpoints.portalGetMore }));
    expect(reached).toEqual([{ url: endpoints.portalGetMore, userId: null }]);
  });
});
