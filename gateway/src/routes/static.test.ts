import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { Code } from '../../../contract/codes';
import { inlineScriptHashes } from '../csp';
import { createTestGateway, type TestGateway } from '../test-helpers';
import { acceptedEncoding } from './static';

const INLINE = "(function(){document.documentElement.style.fontSize='37.5px'})();";
const INDEX = `<!doctype html><html lang="zh-CN"><head><meta charset="UTF-8"><title>健康服务平台</title>
<script>${INLINE}</script><script type="module" crossorigin src="/assets/index-abc123.js"></script></head>
<body><div id="root"></div></body></html>`;

const SHELL = `export const shell = ${JSON.stringify('服务'.repeat(2000))};`;
const BUILT_BR = zlib.brotliCompressSync(`${SHELL}// from the build`);
const BUILT_GZ = zlib.gzipSync(`${SHELL}// from the build`);
const BUILT_JSON = JSON.stringify({
  index: { items: Array.from({ length: 80 }, (_, i) => ({ i, name: '体检套餐' })) },
});

describe('the built portal', () => {
  let gw: TestGateway;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
    fs.writeFileSync(
      path.join(dist, 'assets', 'index-abc123.js'),
      `console.log(${JSON.stringify('健康'.repeat(2000))});`,
    );
    fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    // A chunk the build compressed (build/vite-plugins/precompress.ts): marked copies, to tell them apart.
    fs.writeFileSync(path.join(dist, 'assets', 'shell-def456.js'), SHELL);
    fs.writeFileSync(path.join(dist, 'assets', 'shell-def456.js.br'), BUILT_BR);
    fs.writeFileSync(path.join(dist, 'assets', 'shell-def456.js.gz'), BUILT_GZ);
    fs.mkdirSync(path.join(dist, 'jsons'));
    fs.writeFileSync(path.join(dist, 'jsons', 'built.json'), BUILT_JSON);
    // Marked too: the copies say which one was sent.
    fs.writeFileSync(path.join(dist, 'jsons', 'built.json.br'), zlib.brotliCompressSync(`${BUILT_JSON} `));
    fs.writeFileSync(path.join(dist, 'jsons', 'built.json.gz'), zlib.gzipSync(`${BUILT_JSON}  `));
    gw = await createTestGateway({ distDir: dist });
  });
  afterAll(async () => {
    await gw.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => gw.app.inject({ method: 'GET', url, headers });

  it('answers other methods on the pages with an envelope, never index.html', async () => {
    for (const [method, url] of [
      ['TRACE', '/'],
      ['OPTIONS', '/'],
      ['DELETE', '/index.html'],
      ['TRACE', '/message'],
      ['PUT', '/transferPage'],
    ] as const) {
      const res = await gw.app.inject({ method, url });
      expect([404, 405], `${method} ${url}`).toContain(res.statusCode);
      expect(res.body, `${method} ${url}`).not.toContain('<html');
      expect(res.json(), `${method} ${url}`).toHaveProperty('desc');
    }
  });

  it('serves index.html with no-cache and a CSP carrying the inline script hash', async () => {
    const hash = `'sha256-${createHash('sha256').update(INLINE).digest('base64')}'`;
    expect(inlineScriptHashes(INDEX)).toEqual([hash]);
    for (const url of ['/', '/index.html']) {
      const res = await get(url, { accept: 'text/html' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain(`script-src 'self' ${hash}`);
      for (const part of ["object-src 'none'", "base-uri 'self'", "form-action 'self'", "frame-ancestors 'none'"])
        expect(csp).toContain(part);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('same-origin');
      expect(Date.parse(String(res.headers.date))).not.toBeNaN();
    }
  });

  it('answers a returning visit whose index.html is unchanged with a 304 and no body, on every path it is served at', async () => {
    const first = await get('/index', { accept: 'text/html', 'accept-encoding': 'br, gzip' });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(first.headers.vary).toContain('accept-encoding');
    for (const [url, tag] of [
      ['/', etag],
      ['/index.html', etag],
      ['/mine?indexCode=index', `W/${etag}`],
      ['/rights', `"stale", ${etag}`],
    ]) {
      const again = await get(url, { accept: 'text/html', 'if-none-match': tag, 'accept-encoding': 'br, gzip' });
      expect(again.statusCode, url).toBe(304);
      expect(again.body, url).toBe('');
      expect(again.headers.etag, url).toBe(etag);
      expect(again.headers['cache-control'], url).toBe('no-cache');
    }
    const changed = await get('/index', { accept: 'text/html', 'if-none-match': '"an-older-build"' });
    expect(changed.statusCode).toBe(200);
    expect(changed.body).toContain('<div id="root">');
  });

  it('falls back to index.html for client routes that accept HTML', async () => {
    for (const url of ['/rights?tab=records', '/index/servMore', '/portal/agreement/user/v2', '/no-such-screen']) {
      const res = await get(url, { accept: 'text/html,application/xhtml+xml' });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root">');
    }
    expect((await get('/rights', { accept: 'application/json' })).statusCode).toBe(404);
    expect((await get('/assets/missing.js', { accept: 'text/html' })).statusCode).toBe(404);
  });

  it('serves hashed assets immutable, compressed with brotli or gzip', async () => {
    const br = await get('/assets/index-abc123.js', { 'accept-encoding': 'br, gzip' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    const gz = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(Date.parse(String(gz.headers.date))).not.toBeNaN();
  });

  it("sends the build's compressed copies as they are, and the file when neither is accepted", async () => {
    const br = await get('/assets/shell-def456.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.rawPayload.equals(BUILT_BR)).toBe(true);
    const gz = await get('/assets/shell-def456.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.equals(BUILT_GZ)).toBe(true);
    const plain = await get('/assets/shell-def456.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SHELL);
    for (const res of [br, gz, plain]) expect(res.headers.vary).toBe('accept-encoding');
  });

  it("sends /jsons from dist with the build's copies, one per encoding, and keeps the ETag", async () => {
    const br = await get('/jsons/built.json', { 'accept-encoding': 'br;q=1, gzip;q=0.5' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(`${BUILT_JSON} `);
    const gz = await get('/jsons/built.json', { 'accept-encoding': 'gzip, br;q=0' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(`${BUILT_JSON}  `);
    const plain = await get('/jsons/built.json');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BUILT_JSON);
    expect(new Set([br.headers.etag, gz.headers.etag, plain.headers.etag]).size).toBe(1);
    expect(
      (await get('/jsons/built.json', { 'if-none-match': String(plain.headers.etag), 'accept-encoding': 'br' }))
        .statusCode,
    ).toBe(304);
  });

  it('reads /jsons again when the file changes, and ignores compressed copies older than it', async () => {
    const file = path.join(dist, 'jsons', 'built.json');
    const first = await get('/jsons/built.json');
    const changed = JSON.stringify({ index: { changed: '已更新'.repeat(400) } });
    fs.writeFileSync(file, changed);
    fs.utimesSync(file, new Date(), new Date(Date.now() + 60_000));
    try {
      const res = await get('/jsons/built.json', { 'accept-encoding': 'br, gzip' });
      // The stale copies are not sent; the compress plugin compresses the new file itself.
      expect(res.headers.etag).not.toBe(first.headers.etag);
      expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(changed);
    } finally {
      fs.writeFileSync(file, BUILT_JSON);
    }
  });

  it('serves /jsons from public/jsons when dist has none, with an ETag, not enveloped', async () => {
    const res = await get('/jsons/indexConfig.json');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toHaveProperty('index.productLine', 'std');
    const again = await get('/jsons/indexConfig.json', { 'if-none-match': String(res.headers.etag) });
    expect(again.statusCode).toBe(304);
    const missing = await get('/jsons/nope.json');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe(Code.notFound);
    expect((await get('/jsons/..%2Fpackage.json')).statusCode).toBe(404);
  });
});

describe('without a build', () => {
  it('answers 404 envelopes instead of the SPA, and still serves /jsons', async () => {
    const gw = await createTestGateway({ distDir: path.join(os.tmpdir(), 'gw-no-dist-here') });
    try {
      const page = await gw.app.inject({ method: 'GET', url: '/index', headers: { accept: 'text/html' } });
      expect(page.statusCode).toBe(404);
      expect((await gw.app.inject({ method: 'GET', url: '/jsons/serviceCatalog.json' })).statusCode).toBe(200);
    } finally {
      await gw.close();
    }
  });
});

describe('acceptedEncoding', () => {
  it.each([
    ['gzip, deflate, br', ['br', 'gzip'], 'br'],
    ['gzip, deflate', ['br', 'gzip'], 'gzip'],
    ['br;q=0, gzip', ['br', 'gzip'], 'gzip'],
    ['BR; Q=0.5', ['br', 'gzip'], 'br'],
    ['*', ['br', 'gzip'], 'br'],
    ['*;q=0, identity', ['br', 'gzip'], null],
    ['gzip;q=0', ['gzip'], null],
    ['br', ['gzip'], null],
    ['', ['br', 'gzip'], null],
    [undefined, ['br', 'gzip'], null],
  ] as const)('%s, offered %j → %s', (header, offered, expected) => {
    expect(acceptedEncoding(header, offered)).toBe(expected);
  });
});
