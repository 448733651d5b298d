/**
 * `npm run dev:mock` (decision 0061): the login works with no gateway, and the dev server
 * serves msw's handlers without a warning. A Vite dev server in mock mode on a free port.
 */
import { createLogger, createServer, type ViteDevServer } from 'vite';

let server: ViteDevServer;
let origin: string;
const warnings: string[] = [];

beforeAll(async () => {
  const logger = createLogger('warn', { allowClearScreen: false });
  logger.warn = (message) => void warnings.push(message);
  logger.warnOnce = (message) => void warnings.push(message);
  server = await createServer({
    mode: 'mock',
    customLogger: logger,
    server: { port: 0, host: '127.0.0.1', strictPort: false },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  await server.listen();
  const address = server.httpServer!.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}, 60_000);

afterAll(() => server?.close());

function loginPage(query: Record<string, string>) {
  return fetch(`${origin}/sso/login?${new URLSearchParams(query)}`);
}

describe('npm run dev:mock', () => {
  it('answers 登录 with the demo accounts, each a way back with its mock ticket and the query', async () => {
    const answer = await loginPage({
      redirect_url: `${origin}/transferPage1`,
      source: 'h5portal',
      data: 'ebt',
      state: 'one-time-value',
    });
    expect(answer.status).toBe(200);
    const hrefs = [...(await answer.text()).matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));
    expect(hrefs).toHaveLength(3);
    const back = new URL(hrefs[0]!);
    expect(back.origin + back.pathname).toBe(`${origin}/transferPage1`);
    expect(Object.fromEntries(back.searchParams)).toEqual({
      data: 'ebt',
      state: 'one-time-value',
      ticket: 'mock-ticket-13800138000',
    });
  });

  it('refuses a redirect_url of another origin, in Chinese', async () => {
    const answer = await loginPage({ redirect_url: 'https://evil.example/transferPage', data: 'std' });
    expect(answer.status).toBe(400);
    const text = await answer.text();
    expect(text).toContain('redirect_url 须为本站地址');
    expect(text).not.toContain('evil.example');
  });

  it('serves the handlers that import public/jsons without a warning', async () => {
    const module = await (await fetch(`${origin}/tests/mocks/handlers/portal.ts`)).text();
    const imports = [...module.matchAll(/from "([^"]*jsons[^"]*)"/g)].map((m) => m[1]!);
    expect(imports).toHaveLength(3);
    for (const url of imports) {
      expect(url).not.toMatch(/^\/public\//);
      const json = await fetch(`${origin}${url}`);
      expect(json.status).toBe(200);
      expect(await json.text()).toContain('export default');
    }
    expect(warnings).toEqual([]);
  });
});
