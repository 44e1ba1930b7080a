import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export type AnswerObserver = (req: FastifyRequest, reply: FastifyReply) => void;

const observersOf = new WeakMap<FastifyInstance, AnswerObserver[]>();

/**
 * Calls `observe` once for every request the server has answered, whether the answer reached the client or
 * not: for what counts requests, times them or holds a slot for them. Fastify's own hooks miss some:
 * `onResponse` runs only when the answer finishes, so never for a customer who hung up (or a balancer that
 * gave up) while the request was handled, and `onRequestAbort` runs only while a request's body is unread.
 * `onSend` runs for every answer, a refusal or a body cut short included; a stream its handler took over
 * (`reply.hijack()`) never reaches it and counts as answered when its response closes.
 */
export function onAnswered(app: FastifyInstance, observe: AnswerObserver) {
  const known = observersOf.get(app);
  if (known) {
    known.push(observe);
    return;
  }
  const observers = [observe];
  observersOf.set(app, observers);
  const answered = new WeakSet<FastifyRequest>();
  const notify = (req: FastifyRequest, reply: FastifyReply) => {
    if (answered.has(req)) return;
    answered.add(req);
    for (const o of observers) {
      // An observer never changes the answer: it is on its way.
      try {
        o(req, reply);
      } catch (err) {
        req.log.error({ err, reqId: req.id }, 'answer observer failed');
      }
    }
  };
  app.addHook('onRequest', async (req, reply) => {
    reply.raw.once('close', () => {
      if (reply.sent) notify(req, reply);
    });
  });
  app.addHook('onSend', async (req, reply, payload) => {
    notify(req, reply);
    return payload;
  });
}
