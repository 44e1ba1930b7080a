import { useEffect, useState } from 'react';
import { t } from '../shared/i18n/messages';
import { ActionButton } from '../shared/ui/action-button';
import './chunk-failed.css';

/** Where the failed loads of one URL are counted, so each full load waits longer than the last. */
const CHUNK_RETRY_KEY = 'CAMPAIGN_CHUNK_RETRY';
/** The wait before the first full load the page tries by itself, doubled after each failure up to the cap. */
export const FIRST_RETRY_MS = 2000;
export const MAX_RETRY_MS = 30_000;

/**
 * How long to wait before loading `href` again after its screen's code failed to load: 0 the first time (a
 * deploy that replaced the files is fixed by a fresh document at once), then 2 s doubling to 30 s across
 * full loads (the count survives them in sessionStorage), so a busy server or a dropped connection is
 * not hammered. Without storage: the cap, never a tight reload loop.
 */
export function chunkRetryDelay(href: string, storage: Pick<Storage, 'getItem' | 'setItem'> = sessionStorage): number {
  try {
    const last = JSON.parse(storage.getItem(CHUNK_RETRY_KEY) ?? 'null') as { href?: unknown; n?: unknown } | null;
    const n = last?.href === href && typeof last.n === 'number' ? last.n + 1 : 0;
    storage.setItem(CHUNK_RETRY_KEY, JSON.stringify({ href, n }));
    return n === 0 ? 0 : Math.min(FIRST_RETRY_MS * 2 ** (n - 1), MAX_RETRY_MS);
  } catch {
    return MAX_RETRY_MS;
  }
}

/** A screen opened: its failures are forgotten, so a later one starts again with an immediate load. */
export function forgetChunkRetries(storage: Pick<Storage, 'removeItem'> = sessionStorage): void {
  try {
    storage.removeItem(CHUNK_RETRY_KEY);
  } catch {
    // No storage: nothing was counted.
  }
}

/**
 * Shown when a screen's code could not be fetched (a busy server, a dropped connection): says so in the
 * customer's words, counts down and tries again by itself, or at once on the button. Lives in the entry
 * chunk: it must show exactly when other chunks do not load.
 */
export function ChunkFailed({ delayMs, onRetry }: { delayMs: number; onRetry: () => void }) {
  const [left, setLeft] = useState(Math.ceil(delayMs / 1000));
  useEffect(() => {
    if (left <= 0) {
      onRetry();
      return;
    }
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left, onRetry]);
  return (
    <div className="chunk-failed" role="alert">
      <div className="chunk-failed-card">
        <h1 className="chunk-failed-title">{t('chunk.title')}</h1>
        <p className="chunk-failed-desc">{left > 0 ? t('chunk.countdown', { seconds: left }) : t('chunk.retrying')}</p>
        <ActionButton block onAction={onRetry}>
          {t('chunk.retry')}
        </ActionButton>
      </div>
    </div>
  );
}
