import { handOver } from '../../db/owners';
import { type Caller, filenameOf, type ReportsContext } from './context';
import type * as repo from './repo';

/** Appends a download (or a refused one) of job `r` to the audit log. */
export async function recordDownload(
  { db, clock, audit }: ReportsContext,
  r: repo.JobRow,
  who: Caller,
  action: string,
  extra: Record<string, unknown>,
) {
  const unmasked = r.unmasked === 1;
  await db.transaction().execute((tx) =>
    audit.append(handOver(tx), {
      corpId: r.corp_id,
      at: clock(),
      actor: who.actor,
      ip: who.ip,
      action,
      subject: r.id,
      after: {
        kind: r.kind,
        actId: r.act_id,
        format: r.format,
        filename: filenameOf(r),
        unmasked,
        createdBy: r.created_by,
        ...(unmasked ? { reason: r.reason } : {}),
        ...extra,
      },
    }),
  );
}
