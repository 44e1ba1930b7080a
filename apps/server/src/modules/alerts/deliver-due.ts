import { undeliverable } from './address';
import type { AlertsContext } from './context';
import { attempt } from './deliver';
import * as repo from './repo';

/** How long one process holds an alert it is posting (longer than an attempt's deadline). */
const LEASE_MS = 30_000;

async function deliverOnce({ db, clock, sealer, doFetch, addressRules }: AlertsContext): Promise<number> {
  const now = clock();
  let settled = 0;
  for (const a of await repo.due(db, now, 20)) {
    if (!(await repo.claim(db, a.id, Number(a.next_attempt_at), now + LEASE_MS))) continue;
    const hook = await repo.webhook(db, a.corp_id);
    if (!hook) {
      await repo.settle(db, a.id, { delivery: 'none', next_attempt_at: null });
      continue;
    }
    const secret = sealer.open(a.corp_id, hook.secret_sealed);
    if (secret === null) {
      // Sealed under another ENCRYPTION_KEY: the admin sets the webhook again.
      await repo.settle(db, a.id, { delivery: 'failed', next_attempt_at: null, last_error: 'secret unreadable' });
      continue;
    }
    const next = await attempt(a, { url: hook.url, secret }, clock(), doFetch, (url) =>
      undeliverable(url, addressRules),
    );
    await repo.settle(db, a.id, next);
    settled++;
  }
  return settled;
}

/** Posts every alert whose time has come (one run at a time in this process). */
export function deliverDue(ctx: AlertsContext): Promise<number> {
  const { delivery } = ctx;
  delivery.running ??= deliverOnce(ctx).finally(() => {
    delivery.running = null;
  });
  return delivery.running;
}
