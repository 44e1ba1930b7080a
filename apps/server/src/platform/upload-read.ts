import type { Readable } from 'node:stream';
import iconv from 'iconv-lite';
import { AppError } from './errors';

// Reading an upload (an endpoint's `upload`, docs/decisions/0347-uploads.md) that fits in memory: the image
// uploads and the small CSVs (stores, code pools). The campaign lab's white list, which may be a million rows,
// spools to a file instead (modules/campaign-lab/uploads.ts) but answers an oversized file the same way.

/**
 * An upload over its limit is refused only once the client has finished sending: an answer while it is still
 * sending, or a cut stream, reaches it as a connection reset instead of 413 文件过大. Up to this many bytes past
 * the limit are read and dropped; past them the connection is cut after all.
 */
export const DRAIN_MAX_BYTES = 16 * 1024 * 1024;

export function asStream(body: unknown): Readable {
  if (body && typeof (body as Readable).pipe === 'function') return body as Readable;
  throw new AppError('UPLOAD_TYPE', 'empty body');
}

/** Reads a stream, keeping at most `max` bytes; more is UPLOAD_TOO_LARGE once the rest was read and dropped. */
export function readLimited(body: Readable, max: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    let size = 0;
    const tooLarge = () => new AppError('UPLOAD_TOO_LARGE', `不得超过 ${max / 1048576} MiB`);
    body.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= max) parts.push(chunk);
      else if (size > max + DRAIN_MAX_BYTES) {
        reject(tooLarge());
        body.destroy();
      }
    });
    body.once('end', () => (size > max ? reject(tooLarge()) : resolve(Buffer.concat(parts))));
    body.once('error', reject);
  });
}

/**
 * A CSV upload as text: valid UTF-8 is read as UTF-8, anything else as GBK (what Chinese spreadsheets write;
 * GBK text is almost never valid UTF-8) — the white list's rule. A byte-order mark is dropped.
 */
export async function readCsvUpload(body: unknown, max: number): Promise<{ text: string; encoding: 'utf-8' | 'gbk' }> {
  const bytes = await readLimited(asStream(body), max);
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return { text: text.replace(/^\uFEFF/, ''), encoding: 'utf-8' };
  } catch {
    return { text: iconv.decode(bytes, 'gbk'), encoding: 'gbk' };
  }
}
