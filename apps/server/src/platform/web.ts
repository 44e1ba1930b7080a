import { existsSync, statSync } from 'node:fs';
import { join, normalize, resolve } from 'node:path';
import { COOKIES, GRAY_TAG_VALUE } from '@campaign/contract';
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

/**
 * Serves the built H5: real files as they are, every other non-API GET falls back to index.html so
 * client-side routes (/upStdDraw, /editAddress/7, …) load. Requests carrying the gray tag cookie get
 * the gray build when one is configured.
 */
export async function installWeb(app: FastifyInstance, opts: { webDist: string; grayWebDist: string | null }) {
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
    return reply.sendFile('index.html', root, { cacheControl: false });
  };
  app.get('/*', serve);
  app.get('/', serve);
}
