import type { Endpoint } from './endpoint';
import { activityEndpoints } from './endpoints/activity';
import { addressesEndpoints } from './endpoints/addresses';
import { approvalsEndpoints } from './endpoints/approvals';
import { authEndpoints } from './endpoints/auth';
import { consoleEndpoints } from './endpoints/console';
import { auditEndpoints } from './endpoints/console-audit';
import { campaignLabEndpoints } from './endpoints/console-campaign-lab';
import { campaignsEndpoints } from './endpoints/console-campaigns';
import { notificationsEndpoints } from './endpoints/console-notifications';
import { alertsEndpoints, reconcileEndpoints, reportsEndpoints } from './endpoints/console-reports';
import { riskConsoleEndpoints } from './endpoints/console-risk';
import { riskReviewEndpoints } from './endpoints/console-risk-review';
import { settingsEndpoints } from './endpoints/console-settings';
import { statsEndpoints } from './endpoints/console-stats';
import { consoleStoresEndpoints } from './endpoints/console-stores';
import { corpEndpoints } from './endpoints/corp';
import { couponsEndpoints } from './endpoints/coupons';
import { discountsEndpoints } from './endpoints/discounts';
import { documentsEndpoints } from './endpoints/documents';
import { drawEndpoints } from './endpoints/draw';
import { grayEndpoints } from './endpoints/gray';
import { growthEndpoints } from './endpoints/growth';
import { ordersEndpoints } from './endpoints/orders';
import { paymentsEndpoints } from './endpoints/payments';
import { prizesEndpoints } from './endpoints/prizes';
import { riskEndpoints } from './endpoints/risk';
import { seasonEndpoints } from './endpoints/season';
import { staffEndpoints } from './endpoints/staff';
import { storesEndpoints } from './endpoints/stores';
import { systemEndpoints } from './endpoints/system';
import { trackingEndpoints } from './endpoints/tracking';

/**
 * The endpoint groups, one per domain: each server module's handlers are typed from its own group. A new
 * domain adds its group file and one line here.
 */
export const endpointGroups = {
  system: systemEndpoints,
  gray: grayEndpoints,
  auth: authEndpoints,
  corp: corpEndpoints,
  documents: documentsEndpoints,
  tracking: trackingEndpoints,
  activity: activityEndpoints,
  draw: drawEndpoints,
  prizes: prizesEndpoints,
  addresses: addressesEndpoints,
  orders: ordersEndpoints,
  coupons: couponsEndpoints,
  discounts: discountsEndpoints,
  growth: growthEndpoints,
  season: seasonEndpoints,
  stores: storesEndpoints,
  staff: staffEndpoints,
  approvals: approvalsEndpoints,
  payments: paymentsEndpoints,
  console: consoleEndpoints,
  settings: settingsEndpoints,
  audit: auditEndpoints,
  campaignLab: campaignLabEndpoints,
  campaigns: campaignsEndpoints,
  stats: statsEndpoints,
  reports: reportsEndpoints,
  reconcile: reconcileEndpoints,
  alerts: alertsEndpoints,
  notifications: notificationsEndpoints,
  consoleStores: consoleStoresEndpoints,
  risk: riskEndpoints,
  riskConsole: riskConsoleEndpoints,
  riskReview: riskReviewEndpoints,
} as const satisfies Record<string, Record<string, Endpoint>>;

type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;
type Merged<G> = { [K in keyof UnionToIntersection<G[keyof G]>]: UnionToIntersection<G[keyof G]>[K] };

function merge<G extends Record<string, Record<string, Endpoint>>>(groups: G): Merged<G> {
  const all: Record<string, Endpoint> = {};
  for (const [group, eps] of Object.entries(groups)) {
    for (const [name, ep] of Object.entries(eps)) {
      // Handler registration and the web client look endpoints up by name alone.
      if (name in all) throw new Error(`endpoint ${name} of group ${group} is declared twice`);
      all[name] = ep;
    }
  }
  return all as Merged<G>;
}

/** The one endpoint table: server routes, the web client and the OpenAPI document derive from it. */
export const endpoints = merge(endpointGroups);

export type EndpointGroups = typeof endpointGroups;
export type EndpointGroupName = keyof EndpointGroups;
export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
