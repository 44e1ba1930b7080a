import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, normalize, resolve } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { COOKIES, DEMO_PAGE_META, GRAY_TAG_VALUE } from '@campaign/contract';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isApiPath } from './envelope';
import { AppError } from './errors';

function isFile(root: string, rel: string): boolean {
  const full = normalize(join(root, rel));
  if (!full.startsWith(root)) return false;
  try {
    return statSync(full).isFile();
  } catch {
    return false;
  }
}

interface Page {
  html: string;
  br: Buffer;
  gzip: Buffer;
  /** Weak (the same page in any encoding): a browser revalidating its copy gets 304 while it is this page. */
  etag: string;
}

/** Route path → the files its screen needs (chunk, static imports all the way down, CSS), written by the build. */
type RoutePreloads = Record<string, string[]>;

const escapeAttr = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * `<link>`s that fetch a route's files while the entry script is still on its way (no script needed). They
 * carry `crossorigin` as Vite's own tags and its runtime preloads do: the same request mode and credentials
 * mode, so the browser reuses the preloaded response instead of warning "preload … credentials mode does not
 * match" and fetching the file twice.
 */
export function preloadLinks(files: readonly string[]): string {
  return files
    .filter((f) => /^[\w./-]+\.(js|css)$/.test(f) && !f.includes('..'))
    .map((f) =>
      f.endsWith('.css')
        ? `<link rel="preload" as="style" crossorigin href="/${escapeAttr(f)}">`
        : `<link rel="modulepreload" crossorigin href="/${escapeAttr(f)}">`,
    )
    .join('');
}

/** The route pattern (`/editAddress/:addNo`) a path opens, among those the build lists. */
export function routeOf(preloads: RoutePreloads, pathname: string): string | undefined {
  if (Object.hasOwn(preloads, pathname)) return pathname;
  const parts = pathname.split('/');
  return Object.keys(preloads).find((pattern) => {
    const want = pattern.split('/');
    return (
      pattern.includes(':') &&
      want.length === parts.length &&
      want.every((w, i) => (w.startsWith(':') ? (parts[i] ?? '') !== '' : w === parts[i]))
    );
  });
}

/**
 * index.html of a build as sent for one path: the demo mark in demo mode, and the preload links of the
 * route the path opens (dist/.vite/route-preloads.json). Re-read when the build changes; each variant is
 * kept with its compressed forms (the page is built here, so @fastify/static's pre-compressed siblings do
 * not apply). Variants are one per route at most: a path that is no route shares the plain page.
 */
function pageBuilder(demo: boolean) {
  const builds = new Map<
    string,
    { mtimeMs: number; page: string; preloads: RoutePreloads; pages: Map<string, Page> }
  >();
  const load = (root: string) => {
    const file = join(root, 'index.html');
    const { mtimeMs } = statSync(file);
    const hit = builds.get(root);
    if (hit && hit.mtimeMs === mtimeMs) return hit;
    let page = readFileSync(file, 'utf8');
    if (demo) {
      const meta = `<meta name="${DEMO_PAGE_META}" content="1">`;
      page = /<head(\s[^>]*)?>/i.test(page)
        ? page.replace(/<head(\s[^>]*)?>/i, (head) => head + meta)
        : page.replace(/^(<!doctype[^>]*>)?/i, (doctype) => doctype + meta);
    }
    let preloads: RoutePreloads = {};
    try {
      preloads = JSON.parse(readFileSync(join(root, '.vite', 'route-preloads.json'), 'utf8')) as RoutePreloads;
    } catch {
      // An older build without the file: the page works, its screen is fetched once the entry runs.
    }
    const entry = { mtimeMs, page, preloads, pages: new Map<string, Page>() };
    builds.set(root, entry);
    return entry;
  };
  return (root: string, pathname: string): Page => {
    const build = load(root);
    const key = routeOf(build.preloads, pathname) ?? '';
    const files = key ? build.preloads[key] : undefined;
    let page = build.pages.get(key);
    if (!page) {
      const links = files ? preloadLinks(files) : '';
      const html =
        links && build.page.includes('</head>') ? build.page.replace('</head>', `${links}</head>`) : build.page;
      page = {
        html,
        br: brotliCompressSync(html),
        gzip: gzipSync(html, { level: 9 }),
        etag: `W/"${createHash('sha256').update(html).digest('base64url').slice(0, 22)}"`,
      };
      build.pages.set(key, page);
    }
    return page;
  };
}

/** The encodings an Accept-Encoding header allows (a `;q=0` refuses one). */
export function acceptedEncodings(header: string | undefined): Set<string> {
  const ok = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) ok.add(name);
  }
  return ok;
}

/** The best encoding of the page this client accepts; 304 when the client's copy is this page. */
function sendPage(req: FastifyRequest, reply: FastifyReply, page: Page) {
  reply.header('etag', page.etag).header('vary', 'accept-encoding');
  if (req.headers['if-none-match'] === page.etag) return reply.code(304).send();
  const accepts = acceptedEncodings(req.headers['accept-encoding']);
  reply.type('text/html; charset=utf-8');
  if (accepts.has('br')) return reply.header('content-encoding', 'br').send(page.br);
  if (accepts.has('gzip')) return reply.header('content-encoding', 'gzip').send(page.gzip);
  return reply.send(page.html);
}

/**
 * Serves the built H5: real files as they are, every other non-API GET falls back to index.html so
 * client-side routes (/upStdDraw, /editAddress/7, …) load. Requests carrying the gray tag cookie get
 * the gray build when one is configured. In demo mode the page carries the demo mark (DEMO_PAGE_META);
 * the page of a route names that route's files, so they load beside the entry script.
 */
export async function installWeb(
  app: FastifyInstance,
  opts: { webDist: string; grayWebDist: string | null; demo: boolean },
) {
  const pageFor = pageBuilder(opts.demo);
  const main = resolve(opts.webDist);
  const gray = opts.grayWebDist ? resolve(opts.grayWebDist) : null;
  // The build writes .br/.gz beside every text asset; they are sent to clients that accept them.
  await app.register(fastifyStatic, { root: gray ? [main, gray] : main, serve: false, preCompressed: true });
  const rootFor = (req: FastifyRequest) =>
    gray && req.cookies[COOKIES.grayTag] === GRAY_TAG_VALUE && existsSync(gray) ? gray : main;

  const serve = async (req: FastifyRequest, reply: FastifyReply) => {
    const path = decodeURIComponent(req.url.split('?')[0] ?? '/');
    if (isApiPath(path)) throw new AppError('NOT_FOUND');
    const root = rootFor(req);
    if (path !== '/' && isFile(root, path)) {
      // Hashed assets never change; everything else is revalidated.
      const immutable = path.startsWith('/assets/');
      return reply.sendFile(path.slice(1), root, {
        immutable,
        maxAge: immutable ? 31_536_000_000 : 0,
        cacheControl: true,
      });
    }
    if (!existsSync(join(root, 'index.html'))) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The H5 is not built yet: run `npm run build` (npm start does this for you).');
    }
    reply.header('cache-control', 'no-cache');
    return sendPage(req, reply, pageFor(root, path));
  };
  app.get('/*', serve);
  app.get('/', serve);
}
