/**
 * The built portal (docs/product.md §1.2): dist/ with an SPA fallback to index.html,
 * `immutable` caching of hashed assets, `no-cache` on index.html, /jsons/*.json (dist/jsons,
 * else public/jsons so tests run without a build), and the security headers of docs/product.md §11.5.
 * What the build compressed (`.br`/`.gz` beside a file, build/vite-plugins/precompress.ts) is sent as it is.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Code, Desc } from '../../../contract/codes';
import { A, B } from '../../../contract/endpoints';
import type { Config } from '../config';
import type { AppContext } from '../context';
import { contentSecurityPolicy, policyForHtml } from '../csp';
import { envelope } from '../envelope';

const SSO_CSP = contentSecurityPolicy();

/**
 * `load(file, mtimeMs)` once per file, and again when the file changes (a rebuild while
 * running); null while the file is missing.
 */
function readWhenChanged<T>(load: (file: string, mtimeMs: number) => T) {
  const cache = new Map<string, { mtimeMs: number; value: T }>();
  return (file: string): T | null => {
    let mtimeMs: number;
    try {
      mtimeMs = fs.statSync(file).mtimeMs;
    } catch {
      return null;
    }
    const cached = cache.get(file);
    if (cached?.mtimeMs === mtimeMs) return cached.value;
    const value = load(file, mtimeMs);
    cache.set(file, { mtimeMs, value });
    return value;
  };
}

interface IndexHtml {
  html: string;
  csp: string;
  /** A strong validator of the text, so a returning visit's revalidation is a 304. */
  etag: string;
}

/** index.html with its CSP and ETag. */
function indexLoader(distDir: string) {
  const read = readWhenChanged((file): IndexHtml => {
    const html = fs.readFileSync(file, 'utf8');
    return { html, csp: policyForHtml(html), etag: `"${createHash('sha1').update(html).digest('base64url')}"` };
  });
  return () => read(path.join(distDir, 'index.html'));
}

const API_PREFIXES = [`${A}/`, `${B}/`, '/admin/', '/sso/', '/jsons/', '/media/', '/api/'];

/** A GET for a client-side route: HTML accepted, not an API path, no file extension. */
function isSpaNavigation(request: FastifyRequest) {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?')[0];
  if (API_PREFIXES.some((p) => pathname.startsWith(p))) return false;
  if (/\.[A-Za-z0-9]+$/.test(pathname)) return false;
  return (request.headers.accept ?? '').includes('text/html');
}

/** Finds /jsons/<name>.json: dist/jsons first, then public/jsons. */
function jsonFile(config: Config, name: string): string | null {
  for (const dir of [path.join(config.distDir, 'jsons'), path.join(config.publicDir, 'jsons')]) {
    const file = path.join(dir, `${name}.json`);
    if (fs.existsSync(file)) return file;
  }
  return null;
}

/**
 * Whether the request's `If-None-Match` names `etag`: one of a list, or `*`, compared weakly
 * (RFC 9110 §13.1.2), since a proxy that compresses may send it back as `W/"…"`.
 */
export function notModified(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}

type Encoding = 'br' | 'gzip';

/**
 * The encoding to send from those on offer, brotli first, that `Accept-Encoding` allows
 * (q > 0, by name or `*`); null for the file as it is.
 */
export function acceptedEncoding(header: string | undefined, offered: readonly Encoding[]): Encoding | null {
  const quality = new Map<string, number>();
  for (const part of (header ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.split(';').map((p) => p.trim());
    const q = params.find((p) => p.startsWith('q='));
    if (name) quality.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  return offered.find((e) => (quality.get(e) ?? quality.get('*') ?? 0) > 0) ?? null;
}

interface JsonAsset {
  etag: string;
  body: Buffer;
  /** The build's `.br` / `.gz` beside the file (build/vite-plugins/precompress.ts), when as new. */
  encoded: Partial<Record<Encoding, Buffer>>;
}

/** /jsons/<name>.json with its ETag and the build's compressed copies. */
function jsonAssets(config: Config) {
  const sibling = (file: string, mtimeMs: number) => {
    try {
      return fs.statSync(file).mtimeMs >= mtimeMs ? fs.readFileSync(file) : undefined;
    } catch {
      return undefined;
    }
  };
  const read = readWhenChanged((file, mtimeMs): JsonAsset => {
    const body = fs.readFileSync(file);
    return {
      etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
      body,
      encoded: { br: sibling(`${file}.br`, mtimeMs), gzip: sibling(`${file}.gz`, mtimeMs) },
    };
  });
  return (name: string): JsonAsset | null => {
    const file = jsonFile(config, name);
    return file ? read(file) : null;
  };
}

const notFound = (reply: FastifyReply) => reply.code(404).send(envelope(Code.notFound, Desc.notFound, null));

export async function staticRoutes(app: FastifyInstance, { config }: AppContext) {
  const loadIndex = indexLoader(config.distDir);

  // HTML gets the CSP (every answer's nosniff and referrer policy: app.ts, setAnswerHeaders).
  app.addHook('onSend', async (request, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('text/html')) {
      const isPortal = !request.url.startsWith('/sso/');
      reply.header('content-security-policy', isPortal ? (loadIndex()?.csp ?? SSO_CSP) : SSO_CSP);
      reply.header('x-frame-options', 'DENY');
    }
    return payload;
  });

  const loadJson = jsonAssets(config);
  app.get<{ Params: { name: string } }>('/jsons/:name', async (req, reply) => {
    const match = /^([A-Za-z0-9_-]{1,64})\.json$/.exec(req.params.name);
    const asset = match ? loadJson(match[1]) : null;
    if (!asset) return notFound(reply);
    reply.header('etag', asset.etag).header('cache-control', 'no-cache').header('vary', 'accept-encoding');
    if (notModified(req, asset.etag)) return reply.code(304).send();
    reply.header('content-type', 'application/json; charset=utf-8');
    // The build's copy when there is one; otherwise the compress plugin compresses on the fly.
    const offered = (['br', 'gzip'] as const).filter((e) => asset.encoded[e]);
    const encoding = acceptedEncoding(req.headers['accept-encoding'], offered);
    if (encoding) return reply.header('content-encoding', encoding).send(asset.encoded[encoding]);
    return reply.send(asset.body);
  });

  // Revalidated on every visit (no-cache), and unchanged it is a 304: nothing downloaded again.
  const sendIndex = (request: FastifyRequest, reply: FastifyReply) => {
    const index = loadIndex();
    if (!index) return notFound(reply);
    reply.header('etag', index.etag).header('cache-control', 'no-cache').header('vary', 'accept-encoding');
    if (notModified(request, index.etag)) return reply.code(304).send();
    return reply.header('content-type', 'text/html; charset=utf-8').send(index.html);
  };

  // The document itself: always the SPA shell with its CSP (the plugin would answer 403 for '/').
  app.get('/', (req, reply) => sendIndex(req, reply));
  app.get('/index.html', (req, reply) => sendIndex(req, reply));

  if (fs.existsSync(config.distDir)) {
    await app.register(fastifyStatic, {
      root: config.distDir,
      index: false,
      wildcard: true,
      // The build's `.br` / `.gz` copies (build/vite-plugins/precompress.ts): nothing compressed per request.
      preCompressed: true,
      // Our own Cache-Control per file (setHeaders); the plugin's would overwrite it.
      cacheControl: false,
      // NOTE: the portal's own not-found screen is a client route; we answer misses below.
      // The plugin adds `vary: accept-encoding` itself to what it sends pre-compressed.
      setHeaders(reply, filePath) {
        const rel = path.relative(config.distDir, filePath).split(path.sep).join('/');
        if (rel.startsWith('assets/')) reply.header('cache-control', 'public, max-age=31536000, immutable');
        else if (rel === 'index.html') reply.header('cache-control', 'no-cache');
        else reply.header('cache-control', 'public, max-age=3600');
      },
    });
  }

  // Unknown path: the SPA for a page navigation, else a 404 envelope (docs/product.md §11.2).
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0];
    // Only GET/HEAD get a page: TRACE / or DELETE /index.html is a 404 envelope.
    const read = request.method === 'GET' || request.method === 'HEAD';
    if ((read && (pathname === '/' || pathname === '/index.html')) || isSpaNavigation(request))
      return sendIndex(request, reply);
    return notFound(reply);
  });
}
