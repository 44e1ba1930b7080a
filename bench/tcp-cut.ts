/**
 * A TCP proxy a test controls, to cut a service off from the processes using it (test:nodes puts it in front
 * of PostgreSQL): `cut()` closes every connection through it and refuses new ones, as a database that went
 * away does; `restore()` accepts connections again. Only for tests: nothing in production goes through it.
 */
import { connect, createServer, type Server, type Socket } from 'node:net';

export interface TcpCut {
  readonly port: number;
  /** Connections through the proxy now. */
  readonly open: number;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpCut(opts: { port: number; target: { host: string; port: number } }): Promise<TcpCut> {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const s = createServer((client) => {
        const upstream = connect(opts.target.port, opts.target.host);
        sockets.add(client);
        sockets.add(upstream);
        const end = () => {
          client.destroy();
          upstream.destroy();
          sockets.delete(client);
          sockets.delete(upstream);
        };
        client.on('error', end).on('close', end);
        upstream.on('error', end).on('close', end);
        client.pipe(upstream);
        upstream.pipe(client);
      });
      s.once('error', reject);
      s.listen(opts.port, '127.0.0.1', () => {
        server = s;
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      const s = server;
      server = null;
      for (const socket of sockets) socket.destroy();
      sockets.clear();
      if (!s) return resolve();
      s.close(() => resolve());
    });
  await listen();
  return {
    port: opts.port,
    get open() {
      return sockets.size / 2;
    },
    cut: stop,
    async restore() {
      if (!server) await listen();
    },
    close: stop,
  };
}
