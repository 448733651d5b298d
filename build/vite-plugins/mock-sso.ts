import type { Plugin } from 'vite';
import { demoUsers } from '../../contract/demo-data';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/**
 * `npm run dev:mock` has no gateway, so no SSO: this stands in for `/sso/login` on the dev
 * server. It lists the demo accounts and returns to `redirect_url` as given (the login's state
 * included, decision 0051) with msw's ticket for the chosen phone and the untouched `data`.
 */
export function mockSso(): Plugin {
  return {
    name: 'mock-sso',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use('/sso/login', (req, res) => {
        const query = new URL(req.url ?? '', 'http://localhost').searchParams;
        const redirectUrl = query.get('redirect_url') ?? '';
        const data = query.get('data') ?? 'index';
        const phone = query.get('phone');
        let target: URL | null = null;
        try {
          target = new URL(redirectUrl);
        } catch {
          /* shown below */
        }
        res.setHeader('Cache-Control', 'no-store');
        if (!target || target.host !== req.headers.host) {
          res.statusCode = 400;
          res.setHeader('Content-Type', 'text/plain; charset=utf-8');
          res.end('缺少回跳地址，或回跳地址不在本站');
          return;
        }
        if (phone && demoUsers.some((u) => u.mobilePhone === phone)) {
          target.searchParams.set('ticket', `mock-ticket-${phone}`);
          target.searchParams.set('data', data);
          res.statusCode = 302;
          res.setHeader('Location', target.toString());
          res.end();
          return;
        }
        const hidden = [...query].filter(([name]) => name !== 'phone');
        const fields = hidden
          .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
          .join('');
        const buttons = demoUsers
          .map(
            (u) =>
              `<p><button name="phone" value="${u.mobilePhone}">${u.mobilePhone} ${escapeHtml(u.nickname)}</button></p>`,
          )
          .join('');
        res.setHeader('Content-Type', 'text/html; charset=utf-8');
        res.end(
          `<!doctype html><html lang="zh-CN"><meta charset="UTF-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>模拟登录</title><h1>模拟登录（msw）</h1><p>选择一个演示账号登录：</p><form method="get" action="/sso/login">${fields}${buttons}</form>`,
        );
      });
    },
  };
}
