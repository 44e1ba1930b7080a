import type { ApprovalKind } from '@campaign/contract';
import type { ApprovalsContext } from './context';
import * as repo from './repo';

/** One request as another module asks after it (the risk module's reversal): its kind, status and payload. */
export async function decidedCase({ db }: ApprovalsContext, corpId: string, id: string) {
  const r = await repo.getRequest(db, corpId, id);
  if (!r) return null;
  return {
    id: r.id,
    kind: r.kind as ApprovalKind,
    status: r.status,
    subject: r.subject,
    title: r.title,
    payload: r.payload,
    decidedBy: r.decided_by,
  };
}
