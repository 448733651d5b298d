import net, { type AddressInfo } from 'node:net';
import { Code, Desc } from '../../contract/codes';
import { endpoints } from '../../contract/endpoints';
import { KEEP_ALIVE_TIMEOUT_MS } from './app';
import { TINY_PNG_DATA_URL } from './contract-cases';
import { createTestGateway, type TestGateway } from './test-helpers';

describe('envelopes for what is not understood', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await createTestGateway();
  });
  afterAll(() => gw.close());

  it('unknown path → HTTP 404 + envelope 404', async () => {
    for (const url of ['/gateway/user/nope', '/user-cloud/nope/deeper', '/admin/nope']) {
      const res = await gw.send('GET', url, { as: 'customer', headers: { 'x-admin-key': 'demo-admin-key' } });
      expect(res.status).toBe(404);
      expect(res.json).toEqual({ code: Code.notFound, desc: Desc.notFound, obj: null });
    }
  });

  it('unknown API path → 404 even when the client accepts HTML (no SPA fallback)', async () => {
    const res = await gw.send('GET', '/gateway/user/nope', { headers: { accept: 'text/html' } });
    expect(res.status).toBe(404);
    expect(res.json.code).toBe(Code.notFound);
  });

  it('malformed JSON → HTTP 400 + envelope 400', async () => {
    const res = await gw.send('POST', endpoints.evaluate, { as: 'customer', body: '{"consumeId": 4,' });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ code: Code.badRequest, desc: Desc.badRequest, obj: null });
  });

  it('an empty JSON body is an empty object (a bare PUT from axios)', async () => {
    const res = await gw.send('PUT', endpoints.noticeReadAll, {
      as: 'empty',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.json).toMatchObject({ code: Code.ok, obj: { updated: 0 } });
  });

  it('a JSON array or string body reads as an empty object (validation answers)', async () => {
    const res = await gw.send('POST', endpoints.writeOff, { as: 'customer', body: [1, 2] });
    expect(res.json).toMatchObject({ code: Code.businessError, desc: '缺少权益编号' });
  });

  it('body over 64 KB → HTTP 413 + envelope 413', async () => {
    const res = await gw.send('POST', endpoints.evaluate, {
      as: 'customer',
      body: { consumeId: 4, score: 5, content: 'x'.repeat(70 * 1024) },
    });
    expect(res.status).toBe(413);
    expect(res.json).toEqual({ code: Code.tooLarge, desc: Desc.tooLarge, obj: null });
  });

  it('updateHead accepts up to 3 MB: a 1.5 MB image passes, 2.1 MB decoded is refused, a body over 3 MB is 413', async () => {
    const png = Buffer.from(TINY_PNG_DATA_URL.split(',')[1], 'base64');
    const big = (bytes: number) =>
      `data:image/png;base64,${Buffer.concat([png, Buffer.alloc(bytes - png.length)]).toString('base64')}`;
    const okRes = await gw.send('POST', endpoints.updateHead, {
      as: 'agent',
      form: true,
      body: { headImg: big(1.5 * 1024 * 1024) },
    });
    expect(okRes.json).toMatchObject({
      code: Code.ok,
      obj: { headUrl: expect.stringMatching(/^\/media\/avatar\/[a-f0-9]{24}\.png$/) },
    });
    const tooBig = await gw.send('POST', endpoints.updateHead, {
      as: 'agent',
      form: true,
      body: { headImg: big(2.1 * 1024 * 1024) },
    });
    expect(tooBig.json).toMatchObject({ code: Code.businessError, desc: '头像图片不能超过2MB' });
    const huge = await gw.send('POST', endpoints.updateHead, {
      as: 'agent',
      form: true,
      body: { headImg: big(2.4 * 1024 * 1024) },
    });
    expect(huge.status).toBe(413);
    expect(huge.json.code).toBe(Code.tooLarge);
  });

  it('serves the stored avatar with its content type, and 404 for an unknown one', async () => {
    const up = await gw.send<{ headUrl: string }>('POST', endpoints.updateHead, {
      as: 'customer',
      form: true,
      body: { headImg: TINY_PNG_DATA_URL },
    });
    const img = await gw.app.inject({ method: 'GET', url: up.json.obj.headUrl });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    const me = await gw.send<{ headUrl: string }>('POST', endpoints.updateInfo, {
      as: 'customer',
      body: { nickname: '张晓明' },
    });
    expect(me.json.obj.headUrl).toBe(up.json.obj.headUrl);
    expect((await gw.app.inject({ method: 'GET', url: '/media/avatar/0123456789abcdef01234567.png' })).statusCode).toBe(
      404,
    );
  });

  it('ignores unknown fields', async () => {
    const res = await gw.send('POST', endpoints.updateInfo, {
      as: 'customer',
      body: { nickname: '张晓明', role: 'agent', userId: 'u-x' },
    });
    expect(res.json).toMatchObject({ code: Code.ok, obj: { role: 'customer', userId: 'u-13800138000' } });
  });

  it('a server fault → code 500, generic desc, no stack trace or SQL', async () => {
    await gw.db.exec('alter table notices rename to notices_gone');
    try {
      const res = await gw.send('GET', endpoints.noticeList, { as: 'customer' });
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ code: Code.serverError, desc: Desc.serverError, obj: null });
      expect(res.body).not.toMatch(/notices|relation|select|at \w|\.ts:/i);
    } finally {
      await gw.db.exec('alter table notices_gone rename to notices');
    }
  });
});

describe('a request that does not arrive within REQUEST_TIMEOUT_MS', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await createTestGateway({ requestTimeoutMs: 300 });
    await gw.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => gw.close());

  /** Sends `head` on a raw socket, then nothing: what comes back, and when the socket closed. */
  function stall(head: string) {
    const { port } = gw.app.server.address() as AddressInfo;
    const socket = net.connect(port, '127.0.0.1');
    const started = Date.now();
    return new Promise<{ text: string; ms: number; closed: boolean }>((resolve) => {
      let text = '';
      // The test stops by itself: a connection still open after 8 s is the failure. The server
      // checks its timeouts every second, so 300 ms cuts it within 1.3 s; the standard 10 s of
      // headers, or none, would not.
      const limit = setTimeout(() => {
        socket.destroy();
        resolve({ text, ms: Date.now() - started, closed: false });
      }, 8_000);
      socket.on('data', (chunk) => (text += String(chunk)));
      socket.on('error', () => {});
      socket.on('close', () => {
        clearTimeout(limit);
        resolve({ text, ms: Date.now() - started, closed: true });
      });
      socket.write(head);
    });
  }

  it('a body that stops arriving → HTTP 408 + envelope 400, and the connection closed', async () => {
    const { text, ms, closed } = await stall(
      `POST ${endpoints.ssoLogin} HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
        'Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\nphone=138',
    );
    expect(closed).toBe(true);
    const [head, body] = text.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 408 /);
    expect(head).toMatch(/^connection: close$/im);
    expect(JSON.parse(body)).toEqual({ code: Code.badRequest, desc: Desc.badRequest, obj: null });
    expect(ms).toBeGreaterThanOrEqual(250);
  });

  it('sets the limits on the server: headers within 10 s or the request time, a silent socket closed after the keep-alive time', async () => {
    const limits = { timeout: KEEP_ALIVE_TIMEOUT_MS, keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS };
    expect(gw.app.server).toMatchObject({ requestTimeout: 300, headersTimeout: 300, ...limits });
    const standard = await createTestGateway();
    try {
      expect(standard.app.server).toMatchObject({ requestTimeout: 30_000, headersTimeout: 10_000, ...limits });
    } finally {
      await standard.close();
    }
  });

  it('headers that stop arriving → the same 408', async () => {
    const { text, closed } = await stall('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
    expect(closed).toBe(true);
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
  });
});
