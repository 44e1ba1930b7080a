import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';

/**
 * The file, with its failure kept: a stream that failed (a folder gone, a full disk) says so at the next write
 * or close, instead of an 'error' nobody hears, or a 'drain' that never comes.
 */
export function fileOut(path: string) {
  const out: WriteStream = createWriteStream(path);
  let failed: Error | null = null;
  let fail: (err: Error) => void = () => {};
  /** Rejects when the file fails: what waits on something else (the zip) waits on this too. */
  const failure = new Promise<never>((_, reject) => {
    fail = reject;
  });
  failure.catch(() => {});
  out.on('error', (err) => {
    failed ??= err;
    fail(err);
  });
  const check = () => {
    if (failed) throw failed;
  };
  return {
    out,
    check,
    failure,
    /** Waits while the file is behind (a failure meanwhile rejects). */
    async caughtUp() {
      check();
      if (out.writableNeedDrain) await once(out, 'drain');
    },
    async finished() {
      check();
      if (!out.writableFinished) await once(out, 'finish');
      return out.bytesWritten;
    },
  };
}
