import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, normalize, resolve } from 'node:path';
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

/** index.html of a build with the demo mark in its head, re-read when the build changes. */
function demoPage() {
  const cache = new Map<string, { mtimeMs: number; html: string }>();
  return (root: string): string => {
    const file = join(root, 'index.html');
    const { mtimeMs } = statSync(file);
    const hit = cache.get(root);
    if (hit && hit.mtimeMs === mtimeMs) return hit.html;
    const meta = `<meta name="${DEMO_PAGE_META}" content="1">`;
    const page = readFileSync(file, 'utf8');
    const html = /<head(\s[^>]*)?>/i.test(page)
      ? page.replace(/<head(\s[^>]*)?>/i, (head) => head + meta)
      : page.replace(/^(<!doctype[^>]*>)?/i, (doctype) => doctype + meta);
    cache.set(root, { mtimeMs, html });
    return html;
  };
}

/**
 * Serves the built H5: real files as they are, every other non-API GET falls back to index.html so
 * client-side routes (/upStdDraw, /editAddress/7, …) load. Requests carrying the gray tag cookie get
 * the gray build when one is configured. In demo mode the page carries the demo mark (DEMO_PAGE_META).
 */
export async function installWeb(
  app: FastifyInstance,
  opts: { webDist: string; grayWebDist: string | null; demo: boolean },
) {
  const demoIndex = opts.demo ? demoPage() : null;
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
    if (demoIndex) return reply.type('text/html; charset=utf-8').send(demoIndex(root));
    return reply.sendFile('index.html', root, { cacheControl: false });
  };
  app.get('/*', serve);
  app.get('/', serve);
}
