import type { IncomingMessage, ServerResponse } from 'node:http';
import { connect } from 'node:net';
import type { ProxyOptions } from 'vite';
import { Code } from '../../contract/codes.ts';

/** How long a proxied call waits for a gateway that is starting or restarting. */
const WAIT_MS = 30_000;

/** The envelope a call gets when the gateway did not become ready in time (HTTP 503). */
export const GATEWAY_STARTING = { code: Code.serverError, desc: '网关正在启动，请稍后重试' };

function accepting(url: URL): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(Number(url.port || 80), url.hostname);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function ready(url: URL): Promise<boolean> {
  try {
    return (await fetch(new URL('/readyz', url), { signal: AbortSignal.timeout(2_000) })).ok;
  } catch {
    return false;
  }
}

/**
 * The dev server's proxy to the gateway (`npm run dev`). A call made while the gateway is not
 * listening (starting, or restarting after a change to its code) waits for its /readyz, and
 * after `waitMs` gets GATEWAY_STARTING instead of a proxy error.
 */
export function gatewayProxy(gateway: string, rewrite?: (path: string) => string, waitMs = WAIT_MS): ProxyOptions {
  const url = new URL(gateway);
  return {
    target: gateway,
    changeOrigin: false,
    rewrite,
    async bypass(req: IncomingMessage, res: ServerResponse | undefined) {
      if (!res || (await accepting(url))) return undefined;
      const deadline = Date.now() + waitMs;
      while (Date.now() < deadline) {
        if (await ready(url)) return undefined;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      res.writeHead(503, { 'Content-Type': 'application/json; charset=utf-8', 'Retry-After': '5' });
      res.end(JSON.stringify(GATEWAY_STARTING));
      return req.url;
    },
  };
}
