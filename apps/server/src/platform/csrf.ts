import { CLIENT_HEADER, type Endpoint, endpoints } from '@campaign/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors';
import { SERVER_SIGNATURE_HEADER } from './server-caller';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Scheme and host must both match: an `https://` page is not the origin of an `http://` service (nor the
 * reverse). Behind a trusted TLS proxy `req.protocol` is the scheme the browser used.
 */
function sameOrigin(req: FastifyRequest, value: string): boolean {
  try {
    const u = new URL(value);
    return u.protocol === `${req.protocol}:` && u.host === req.host;
  } catch {
    return false;
  }
}

/** The same check for a GET that changes state (the spec's address delete), run before its handler. */
export function assertSameSiteRequest(req: FastifyRequest): void {
  if (req.headers[CLIENT_HEADER]) return;
  const origin = req.headers.origin;
  if (origin) {
    if (sameOrigin(req, origin)) return;
    throw new AppError('CSRF');
  }
  const referer = req.headers.referer;
  if (referer && sameOrigin(req, referer)) return;
  throw new AppError('CSRF');
}

/**
 * State changes only by POST/PUT/DELETE, and only from our own pages: the web client's custom header
 * (which a cross-site form cannot set without a CORS preflight we never grant), or a same-origin
 * Origin/Referer. Everything else is refused with 403 before any handler runs.
 */
export function installCsrfGuard(app: FastifyInstance, isProtected: (url: string) => boolean) {
  app.addHook('onRequest', async (req) => {
    if (SAFE.has(req.method) || !isProtected(req.url)) return;
    if (isServerToServer(req)) return;
    assertSameSiteRequest(req);
  });
}

/**
 * A server-to-server call (an endpoint of access `server`, contract paths.ts) that carries the corp's signature:
 * no browser sent it, so there is no page and no browser header to ask for. Its handler verifies the signature
 * and refuses any other; a call without one gets the browser checks like every other (and is refused there).
 * A cross-site page cannot add the signature header either: that needs a CORS preflight we never grant.
 */
function isServerToServer(req: FastifyRequest): boolean {
  const name = req.routeOptions.config.endpointName;
  const ep = name === undefined ? undefined : (endpoints as Record<string, Endpoint>)[name];
  return ep?.access === 'server' && typeof req.headers[SERVER_SIGNATURE_HEADER] === 'string';
}
