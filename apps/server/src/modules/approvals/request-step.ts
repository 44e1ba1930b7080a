import type { ApprovalKind } from '@campaign/contract';
import type { Step, TxExec } from '../../db/tx';
import { newSortableId } from '../../platform/crypto';
import * as repo from './repo';

export interface NewRequest {
  corpId: string;
  kind: ApprovalKind;
  subject: string;
  /** One line the to-do list shows. */
  title: string;
  /** A staff id, or SYSTEM_REQUESTER. */
  requestedBy: string;
  /** Label → value lines shown to the approver. */
  context: Record<string, string>;
  /** What the kind's effect needs (JSON), not shown: a proposed rules version. */
  payload?: string | null;
  now: number;
}

/** A new pending request as a step of the caller's transaction (the draw holding a prize). */
export function* requestStep(x: TxExec, r: NewRequest): Step<string> {
  const id = newSortableId();
  yield* repo.insertRequest(
    x,
    {
      id,
      corp_id: r.corpId,
      kind: r.kind,
      subject: r.subject,
      title: r.title,
      requested_by: r.requestedBy,
      context: JSON.stringify(r.context),
      payload: r.payload ?? null,
      created_at: r.now,
    },
    newSortableId(),
  );
  return id;
}
