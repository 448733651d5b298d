import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Plugin } from 'vite';
import { demoUsers } from '../../contract/demo-data.ts';

/** The query parameters the login page consumes; every other one goes back (`data`, a `state`). */
const CONSUMED = new Set(['redirect_url', 'source']);

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function page(title: string, body: string) {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title><style>body{font:16px/1.5 sans-serif;margin:24px}a{display:block;margin:12px 0;padding:12px;border:1px solid #1677ff;border-radius:8px;color:#1677ff;text-decoration:none}</style></head><body><h1>${title}</h1>${body}</body></html>`;
}

/**
 * `npm run dev:mock`'s stand-in for the company login at /sso/login (VITE_LOGIN_GATEWAY): a page
 * of the demo accounts, each a link back to `redirect_url` with msw's ticket for that phone
 * (tests/mocks/db.ts) and every other parameter it was given, untouched. Only a same-origin
 * `redirect_url` is followed. Its SMS step and refusals are the gateway's (`npm run dev`).
 */
export function mockLogin(): Plugin {
  return {
    name: 'mock-login',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use('/sso/login', (req: IncomingMessage, res: ServerResponse) => {
        const origin = `http://${req.headers.host ?? 'localhost'}`;
        const query = new URL(req.url ?? '/', origin).searchParams;
        let target: URL | null = null;
        try {
          target = new URL(query.get('redirect_url') ?? '');
        } catch {
          target = null;
        }
        res.setHeader('Content-Type', 'text/html; charset=utf-8');
        if (!target || target.origin !== origin) {
          res.statusCode = 400;
          res.end(page('模拟登录', '<p>登录地址有误：redirect_url 须为本站地址。</p>'));
          return;
        }
        const links = demoUsers.map((user) => {
          const back = new URL(target);
          for (const [name, value] of query) if (!CONSUMED.has(name)) back.searchParams.set(name, value);
          back.searchParams.set('ticket', `mock-ticket-${user.mobilePhone}`);
          return `<a href="${escape(back.href)}">${escape(user.nickname)} ${user.mobilePhone}</a>`;
        });
        res.end(page('模拟登录', `<p>dev:mock 无网关：选择一个演示账号登录。</p>${links.join('')}`));
      });
    },
  };
}
