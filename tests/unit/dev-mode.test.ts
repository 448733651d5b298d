/** `npm run dev`'s pieces (decision 0061): the proxy's wait for the gateway, its logs as text. */
import { createServer, type IncomingMessage, type Server, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { GATEWAY_STARTING, gatewayProxy } from '../../build/vite-plugins/gateway-proxy';
import { formatLogLine } from '../../scripts/dev-log';
import { freePort } from '../../scripts/gateway-process';

function call(url = '/api/user/info') {
  const req = Object.assign(new (class extends Socket {})(), { url }) as unknown as IncomingMessage;
  const res = new ServerResponse(req);
  let body = '';
  res.write = ((chunk: string) => ((body += chunk), true)) as typeof res.write;
  res.end = ((chunk?: string) => {
    if (chunk) body += chunk;
    return res;
  }) as typeof res.end;
  return { req, res, body: () => body };
}

describe("the dev server's proxy to the gateway", () => {
  let gateway: Server | undefined;
  afterEach(() => gateway?.close());

  it('answers a clear envelope, not a proxy error, when the gateway does not come up', async () => {
    const { bypass } = gatewayProxy(`http://127.0.0.1:${await freePort()}`, undefined, 300);
    const { req, res, body } = call();
    expect(await bypass!(req, res, {})).toBe('/api/user/info');
    expect(res.statusCode).toBe(503);
    expect(JSON.parse(body())).toEqual(GATEWAY_STARTING);
    expect(GATEWAY_STARTING.desc).toBe('网关正在启动，请稍后重试');
  });

  it('holds a call until the gateway listens and its /readyz answers, then proxies it', async () => {
    const port = await freePort();
    const { bypass } = gatewayProxy(`http://127.0.0.1:${port}`, undefined, 20_000);
    const { req, res } = call();
    const held = bypass!(req, res, {});
    setTimeout(() => {
      gateway = createServer((request, response) => response.writeHead(request.url === '/readyz' ? 200 : 404).end());
      gateway.listen(port, '127.0.0.1');
    }, 300);
    expect(await held).toBeUndefined();
    expect(res.headersSent).toBe(false);
  });
});

describe("the gateway's log lines in npm run dev", () => {
  it('reads as text: time, level, message, the other fields', () => {
    const line = JSON.stringify({
      level: 40,
      time: 0,
      pid: 1,
      hostname: 'h',
      reqId: 'r1',
      res: { statusCode: 503 },
      msg: 'not ready',
    });
    expect(formatLogLine(line)).toMatch(/^\d\d:\d\d:\d\d WARN {2}not ready reqId=r1 res=\{"statusCode":503\}$/);
  });

  it("leaves other lines as they are, and drops the gateway's own URLs", () => {
    expect(formatLogLine('Restarting gateway/src/server.ts')).toBe('Restarting gateway/src/server.ts');
    expect(formatLogLine(JSON.stringify({ level: 30, msg: 'portal: http://localhost:8080/index' }))).toBeNull();
    expect(formatLogLine(JSON.stringify({ level: 30, msg: 'Server listening at http://127.0.0.1:8080' }))).toBeNull();
  });
});
