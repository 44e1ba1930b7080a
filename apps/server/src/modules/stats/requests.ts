import type { FastifyInstance, FastifyRequest } from 'fastify';
import { onAnswered } from '../../platform/answered';
import { toAppError } from '../../platform/envelope';
import type { StatsSinkPort } from '../../platform/stats-port';

/** The customer endpoints' calls that name a campaign, and how they were answered (rates on the dashboard). */
function actIdOf(req: FastifyRequest): string | null {
  const q = req.query as Record<string, unknown> | undefined;
  const b = req.body as Record<string, unknown> | undefined;
  const id = (typeof q?.actId === 'string' && q.actId) || (b && typeof b.actId === 'string' && b.actId) || null;
  return id && id.length <= 64 ? id : null;
}

/**
 * Counts each customer call about a campaign (`req`), and of them those answered 5xx (`err`), 429 (`r429`)
 * or refused by the risk rules (`risk`). Console and staff calls are not customers'.
 */
export function installRequestCounting(
  app: FastifyInstance,
  sink: StatsSinkPort,
  opts: { clock: () => number; isCustomerPath: (url: string) => boolean },
) {
  const refusedByRisk = new WeakSet<FastifyRequest>();
  app.addHook('onError', async (req, _reply, err) => {
    if (toAppError(err)?.errorName === 'RISK_REFUSED') refusedByRisk.add(req);
  });
  // Every answer, also those the customer hung up on before it arrived.
  onAnswered(app, (req, reply) => {
    if (!opts.isCustomerPath(req.url)) return;
    const corpId = (req.query as Record<string, unknown> | undefined)?.corpId;
    const actId = actIdOf(req);
    if (typeof corpId !== 'string' || !corpId || corpId.length > 64 || !actId) return;
    const ev = { corpId, actId, at: opts.clock() };
    sink.count({ ...ev, metric: 'req' });
    if (reply.statusCode >= 500) sink.count({ ...ev, metric: 'err' });
    else if (reply.statusCode === 429) sink.count({ ...ev, metric: 'r429' });
    else if (refusedByRisk.has(req)) sink.count({ ...ev, metric: 'risk' });
  });
}
