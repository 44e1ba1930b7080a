import type { EndpointName, RouteData } from '@campaign/contract/client';
import type { QueryClient } from '@tanstack/react-query';
import { endpointKey } from './endpoint-key';
import { sessionChanged, setSession } from './session-cache';

interface Sent {
  query?: unknown;
  body?: unknown;
}

type Effect<N extends EndpointName> = (client: QueryClient, sent: Sent, data: RouteData<N>) => Promise<void>;

/** Marks every cached answer of these endpoints stale (and refetches the ones on screen). */
async function invalidateEndpoints(client: QueryClient, names: readonly EndpointName[]): Promise<void> {
  await Promise.all(names.map((name) => client.invalidateQueries({ queryKey: [name] })));
}

function actIdOf(sent: Sent): string | undefined {
  const body = sent.body;
  if (typeof body !== 'object' || body === null) return undefined;
  const actId: unknown = Reflect.get(body, 'actId');
  return typeof actId === 'string' ? actId : undefined;
}

/** After a draw: that activity's chances and stock, its winners, and the user's prizes. */
export async function invalidateAfterDraw(client: QueryClient, actId: string | undefined): Promise<void> {
  const forActivity = actId === undefined ? {} : { query: { actId } };
  await Promise.all([
    client.invalidateQueries({ queryKey: endpointKey({ name: 'activitySurplus' }, forActivity) }),
    client.invalidateQueries({ queryKey: endpointKey({ name: 'recentWinners' }, forActivity) }),
    invalidateEndpoints(client, ['myPrizes', 'winningList']),
    afterSeasonCredit(client),
  ]);
}

/** A credited season task (or a draw, which may feed one) moves the points, the rank and the task list. */
async function afterSeasonCredit(client: QueryClient): Promise<void> {
  await invalidateEndpoints(client, ['seasonHome', 'seasonRank', 'seasonTasks', 'seasonPrizes']);
}

const afterDraw: Effect<'lottery' | 'roccLottery'> = (client, sent) => invalidateAfterDraw(client, actIdOf(sent));

const signedIn: Effect<'otpLogin' | 'ticketLogin'> = async (client, _sent, user) => setSession(client, user);

/** An address write changes the list (and which one is the default) and that address's detail. */
async function afterAddressWrite(client: QueryClient): Promise<void> {
  await invalidateEndpoints(client, ['addressList', 'addressDetail']);
}

/** A used coupon moves from "unused" to "used" in the index, its detail and "my prizes". */
async function afterCouponUse(client: QueryClient): Promise<void> {
  await invalidateEndpoints(client, ['couponInfo', 'myTicketDetail', 'myPrizes']);
}

/**
 * What a successful mutation outdates in the cache, per endpoint: the one place that knows it.
 * `useEndpointMutation` and `mutateEndpoint` apply it. The draw screens call `invalidateAfterDraw`
 * themselves once the animation has landed (chances must not change under a spinning wheel).
 */
export const EFFECTS: { readonly [N in EndpointName]?: Effect<N> } = {
  lottery: afterDraw,
  roccLottery: afterDraw,
  exchange: (client) => invalidateEndpoints(client, ['myPrizes', 'winningList']),
  // Giving a physical prize its address moves the order and the award: both lists show the new state.
  orderConfirm: (client) => invalidateEndpoints(client, ['myPrizes', 'orderList', 'orderDetail', 'winningList']),
  addressAdd: afterAddressWrite,
  addressUpdate: afterAddressWrite,
  addressDelete: afterAddressWrite,
  couponUse: afterCouponUse,
  // A consumed discount has fewer uses left (for this customer and today).
  discountConsume: (client) => invalidateEndpoints(client, ['discountDetail']),
  otpLogin: signedIn,
  ticketLogin: signedIn,
  openIdExchange: (client) => sessionChanged(client),
  logout: async (client) => setSession(client, null),
  seasonSignIn: afterSeasonCredit,
  seasonVisitFinish: afterSeasonCredit,
  // The decision just stored is the answer the consent read would give: no second request.
  riskConsent: async (client, _sent, decided) => {
    client.setQueryData(endpointKey({ name: 'riskConsentState' }, {}), decided);
  },
};

export function applyEffects<N extends EndpointName>(
  client: QueryClient,
  name: N,
  sent: Sent,
  data: RouteData<N>,
): Promise<void> {
  const effect: Effect<N> | undefined = EFFECTS[name];
  return effect ? effect(client, sent, data) : Promise.resolve();
}
