import type { RequestStaff } from '../../platform/session';
import { type ApprovalsContext, loadRequest } from './context';
import { detailOf } from './request-view';

/** One request with its events, and whether this approver may decide it. */
export async function requestDetail(ctx: ApprovalsContext, staff: RequestStaff, id: string) {
  return detailOf(ctx, await loadRequest(ctx, staff.corpId, id), staff);
}
