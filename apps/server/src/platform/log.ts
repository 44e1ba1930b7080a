import { type Logger, pino } from 'pino';

/**
 * The process's logger (JSON, pino). Made by the composition root, so the services, the CLI and the
 * Fastify instance (which adopts it as its logger) log through one instance.
 */
export function createLogger(level: string): Logger {
  return pino({ level });
}
