import type { RouteData } from '@campaign/contract/client';

type MyPrize = RouteData<'myPrizes'>[number];

/**
 * The status a customer sees. Points are credited to the account at the draw ("已存入您的账户"), so a
 * points prize is "credited", never "to use" with a "use now" button.
 */
export type ShownStatus = MyPrize['status'] | 'credited';
export type PrizeTab = 'all' | 'issued' | 'awaiting_address' | 'done';

export function shownStatus(prize: Pick<MyPrize, 'kind' | 'status'>): ShownStatus {
  // A prize held for approval (or declined) shows that, whatever its kind.
  if (prize.status === 'pending_approval' || prize.status === 'declined') return prize.status;
  return prize.kind === 'points' ? 'credited' : prize.status;
}

export function inTab(prize: Pick<MyPrize, 'kind' | 'status'>, tab: PrizeTab): boolean {
  const shown = shownStatus(prize);
  if (tab === 'all') return true;
  if (tab === 'done') return shown === 'exchanged' || shown === 'credited';
  return shown === tab;
}
