import type { RouteData } from '@campaign/contract/client';
import type { MessageKey } from '../messages';

type Item = RouteData<'approvalTodo'>['pending'][number];

/** What a request is and where it stands, as both approval screens name them. */
export const KIND_LABEL: Record<Item['kind'], MessageKey> = {
  'prize-award': 'approvals.kind.prize-award',
  'redemption-exception': 'approvals.kind.redemption-exception',
  'rules-change': 'approvals.kind.rules-change',
  'risk-ruleset': 'approvals.kind.risk-ruleset',
  'risk-appeal': 'approvals.kind.risk-appeal',
  'risk-list-import': 'approvals.kind.risk-list-import',
  'risk-reversal': 'approvals.kind.risk-reversal',
};
export const STATUS_LABEL: Record<Item['status'], MessageKey> = {
  pending: 'approvals.status.pending',
  approved: 'approvals.status.approved',
  rejected: 'approvals.status.rejected',
  closed: 'approvals.status.closed',
};
