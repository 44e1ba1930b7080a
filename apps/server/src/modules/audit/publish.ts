import { createHmac, timingSafeEqual } from 'node:crypto';
import { appendFile, mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { canonicalJson } from './chain';

// Each corp's head published where the database's writers cannot reach (docs/decisions/0331-audit-chain.md):
// one signed JSON line per publication appended to AUDIT_HEAD_DIR/audit-heads.jsonl, a pino line, and the
// corp's alert webhook. Verify compares the chain with every line it can read, so a tail cut or a chain
// recomputed after a publication is named even when the database was changed with its triggers dropped.

export const HEADS_FILE = 'audit-heads.jsonl';

/** One publication: a corp's newest entry, when it was published, and its signature. */
export const publishedHeadSchema = z.object({
  corp: z.string(),
  seq: z.number().int().positive(),
  hash: z.string().regex(/^[0-9a-f]{64}$/),
  time: z.number().int(),
  sig: z.string(),
});
export type PublishedHead = z.infer<typeof publishedHeadSchema>;

/** HMAC-SHA256 (hex) over the canonical JSON of everything but the signature. */
export function signHead(key: string, h: Omit<PublishedHead, 'sig'>): string {
  return createHmac('sha256', key)
    .update(canonicalJson({ corp: h.corp, seq: h.seq, hash: h.hash, time: h.time }))
    .digest('hex');
}

function signedBy(key: string, h: PublishedHead): boolean {
  const want = Buffer.from(signHead(key, h), 'hex');
  const got = Buffer.from(h.sig, 'hex');
  return got.length === want.length && timingSafeEqual(got, want);
}

export function createHeadLedger(opts: { dir: string | null; key: string | null; log: FastifyBaseLogger }) {
  const { dir, key, log } = opts;
  /** Published by this process (the only record when there is no directory: log and webhook). */
  const sent = new Map<string, { seq: number; hash: string }>();

  /** Every signed line of the file, by corp (a line that does not parse or is not signed by the key is skipped). */
  async function read(): Promise<Map<string, PublishedHead[]>> {
    const byCorp = new Map<string, PublishedHead[]>();
    if (!dir || !key) return byCorp;
    let text: string;
    try {
      text = await readFile(join(dir, HEADS_FILE), 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return byCorp;
      throw err;
    }
    let unsigned = 0;
    for (const line of text.split('\n')) {
      if (!line.trim()) continue;
      let parsed: ReturnType<typeof publishedHeadSchema.safeParse>;
      try {
        parsed = publishedHeadSchema.safeParse(JSON.parse(line));
      } catch {
        unsigned++;
        continue;
      }
      if (!parsed.success || !signedBy(key, parsed.data)) {
        unsigned++;
        continue;
      }
      const list = byCorp.get(parsed.data.corp) ?? [];
      list.push(parsed.data);
      byCorp.set(parsed.data.corp, list);
    }
    if (unsigned) log.warn({ file: join(dir, HEADS_FILE), lines: unsigned }, 'audit head lines not signed by the key');
    return byCorp;
  }

  /**
   * Publishes the heads that moved since their last publication (in the file, or by this process): appended
   * in one write, then logged. Returns what was published.
   */
  async function publish(heads: { corpId: string; seq: number; hash: string }[], now: number) {
    const fromFile = await read();
    const latest = (corp: string) => {
      const list = fromFile.get(corp);
      const last = list?.reduce((a, b) => (b.seq >= a.seq ? b : a));
      return last ?? sent.get(corp);
    };
    const out: PublishedHead[] = [];
    for (const h of heads) {
      const last = latest(h.corpId);
      if (last && last.seq === h.seq && last.hash === h.hash) continue;
      const line = { corp: h.corpId, seq: h.seq, hash: h.hash, time: now };
      out.push({ ...line, sig: key ? signHead(key, line) : '' });
    }
    if (!out.length) return out;
    if (dir) {
      await mkdir(dir, { recursive: true });
      // O_APPEND: every process and node adds lines, none rewrites one.
      await appendFile(join(dir, HEADS_FILE), out.map((h) => `${JSON.stringify(h)}\n`).join(''), {
        flag: 'a',
        mode: 0o640,
      });
    }
    for (const h of out) {
      sent.set(h.corp, { seq: h.seq, hash: h.hash });
      log.info({ auditHead: h }, 'audit head published');
    }
    return out;
  }

  return { read, publish };
}
