import { createReadStream, existsSync, statSync } from 'node:fs';
import { extname, join, normalize, resolve } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { acceptedEncodings } from './web';

/** Where the operator console is served (its Vite build uses the same base). */
export const CONSOLE_BASE = '/console/';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json; charset=utf-8',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * The console page's Content-Security-Policy (ADR 0333): scripts only from this origin (the build has no inline
 * script), calls, the live stream, images and the H5 preview frame from this origin; styles may be inline, because
 * antd writes its CSS-in-JS into <style> tags at run time and the page's boot spinner is an inline <style>. No
 * one may frame the console.
 */
export const CONSOLE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'self'",
  "frame-ancestors 'none'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
].join('; ');

function fileIn(root: string, rel: string): string | null {
  const full = normalize(join(root, rel));
  if (!full.startsWith(`${root}/`) && full !== root) return null;
  try {
    return statSync(full).isFile() ? full : null;
  } catch {
    return null;
  }
}

/** A file as it is, or its pre-compressed sibling (the build writes .br and .gz) when the client takes one. */
function sendFile(req: FastifyRequest, reply: FastifyReply, full: string) {
  const type = TYPES[extname(full)] ?? 'application/octet-stream';
  reply.type(type).header('vary', 'accept-encoding');
  const accepts = acceptedEncodings(req.headers['accept-encoding']);
  for (const [enc, ext] of [
    ['br', '.br'],
    ['gzip', '.gz'],
  ] as const) {
    if (accepts.has(enc) && existsSync(full + ext)) {
      return reply.header('content-encoding', enc).send(createReadStream(full + ext));
    }
  }
  return reply.send(createReadStream(full));
}

/**
 * Serves the built operator console under /console/ (docs/console.md): its files as they are — hashed
 * assets cached for a year, immutable — and every other path under /console/ falls back to its index.html,
 * never cached (a new build is picked up at the next load), so the console's client-side routes load.
 * The console is its own build: the H5's pages never reference it.
 */
export function installConsoleWeb(app: FastifyInstance, opts: { consoleDist: string }) {
  const root = resolve(opts.consoleDist);
  const serve = async (req: FastifyRequest, reply: FastifyReply) => {
    const path = decodeURIComponent(req.url.split('?')[0] ?? CONSOLE_BASE).slice(CONSOLE_BASE.length);
    const file = path ? fileIn(root, path) : null;
    if (file && !file.endsWith('index.html')) {
      const hashed = path.startsWith('assets/');
      reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      return sendFile(req, reply, file);
    }
    const index = fileIn(root, 'index.html');
    if (!index) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The console is not built yet: run `npm run build` (npm start does this for you).');
    }
    // The index names the current hashed files: never kept, so a new build is the next page load.
    reply.header('cache-control', 'no-store');
    reply.header('x-frame-options', 'DENY');
    reply.header('content-security-policy', CONSOLE_CSP);
    reply.header('referrer-policy', 'same-origin');
    return sendFile(req, reply, index);
  };
  app.get(`${CONSOLE_BASE}*`, serve);
  // `/console` and `/console/` (the router ignores a trailing slash): the console's home.
  app.get('/console', serve);
}
