import { readFile, realpath } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { BANNER_IMAGE_PATH, bannerImageNameSchema, bannerImageQuerySchema } from '@campaign/contract';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DB } from '../db/schema';
import { sha256Hex } from './crypto';
import { AppError } from './errors';
import type { CorpCache } from './tenancy';

const TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  svg: 'image/svg+xml',
};

const checkDataSchema = z.object({ corpId: z.string() });

/** checkData is the corpId JSON (docs/decisions/0103); it must name the same corp as the query. */
function checkDataMatches(checkData: string, corpId: string): boolean {
  try {
    const parsed = checkDataSchema.safeParse(JSON.parse(checkData));
    return parsed.success && parsed.data.corpId === corpId;
  } catch {
    return false;
  }
}

/**
 * The banner image fetch (spec §7), outside the API prefix on purpose: the corp's banner files from
 * `<bannerDir>/<corpId>/`, after the scene / corp / checkData check. Anything wrong is an envelope
 * error (400 or 404), never the app's HTML page and never another corp's file.
 */
export function installBannerImages(
  app: FastifyInstance,
  deps: { bannerDir: string; corps: CorpCache; db: Kysely<DB>; clock: () => number },
) {
  app.get<{ Params: { image: string } }>(`${BANNER_IMAGE_PATH}/:image`, async (req, reply) => {
    const query = bannerImageQuerySchema.safeParse(req.query);
    if (!query.success) throw new AppError('VALIDATION', 'checkscene, corpId, checkData');
    const { corpId, checkData } = query.data;
    if (!checkDataMatches(checkData, corpId)) throw new AppError('VALIDATION', 'checkData');
    const corp = await deps.corps.get(deps.db, corpId, deps.clock());
    if (!corp) throw new AppError('CORP_UNKNOWN');
    // The router has decoded the segment: an encoded slash or dot-dot shows up here and is refused.
    const name = bannerImageNameSchema.safeParse(req.params.image);
    if (!name.success) throw new AppError('FILE_NOT_FOUND');
    const dir = join(deps.bannerDir, corp.id);
    let file: string;
    let bytes: Buffer;
    try {
      // Resolve links too: the file must really sit inside this corp's directory.
      const root = await realpath(dir);
      file = await realpath(join(root, name.data));
      if (!file.startsWith(root + sep)) throw new AppError('FILE_NOT_FOUND');
      bytes = await readFile(file);
    } catch {
      throw new AppError('FILE_NOT_FOUND');
    }
    const ext = name.data.slice(name.data.lastIndexOf('.') + 1).toLowerCase();
    const etag = `"${sha256Hex(bytes).slice(0, 32)}"`;
    reply
      .header('content-type', TYPES[ext] ?? 'application/octet-stream')
      .header('cache-control', 'public, max-age=3600')
      .header('etag', etag)
      .header('x-content-type-options', 'nosniff')
      // An SVG opened directly must not run script.
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:");
    if (req.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.send(bytes);
  });
}
