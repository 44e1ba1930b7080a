import { AppError } from '../../platform/errors';
import type { ServiceDeps } from '../../platform/services';
import type { ApprovalEffects, StaffDirectoryPort } from './ports';
import * as repo from './repo';

// What the approvals module's use cases share (one per file, bound in service.ts).

export type ApprovalsDeps = ServiceDeps<'approvals'> & { staff: StaffDirectoryPort; effects: () => ApprovalEffects };
export type ApprovalsContext = ApprovalsDeps & { db: ApprovalsDeps['database']['db'] };

export function createApprovalsContext(deps: ApprovalsDeps): ApprovalsContext {
  return { ...deps, db: deps.database.db };
}

export type RequestRow = NonNullable<Awaited<ReturnType<typeof repo.getRequest>>>;

/** Requests made by the service itself (a drawn prize or an offer's gift held) carry this requester. */
export const SYSTEM_REQUESTER = 'system';

export async function loadRequest({ db }: ApprovalsContext, corpId: string, id: string): Promise<RequestRow> {
  const r = await repo.getRequest(db, corpId, id);
  if (!r) throw new AppError('APPROVAL_NOT_FOUND');
  return r;
}
