// The ceiling for bench/draw.ts: a bare Fastify JSON route on this machine, nothing else.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ code: 0, data: { hello: 'world' } }));
await app.listen({ port: Number(process.env.PORT ?? 18766), host: '127.0.0.1' });
