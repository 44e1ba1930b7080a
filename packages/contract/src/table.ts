import type { Endpoint } from './endpoint';
import { drawEndpoints } from './endpoints/draw';
import { platformEndpoints } from './endpoints/platform';

/** The one endpoint table: server routes, the web client and the OpenAPI document derive from it. */
export const endpoints = {
  ...platformEndpoints,
  ...drawEndpoints,
} as const satisfies Record<string, Endpoint>;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
