import type { Access, BodyIn, DataOf, HttpMethod, QueryIn, VersionRule } from './endpoint';
import type { EndpointName, Endpoints } from './table';

/** How a client calls one endpoint: the table's routing fields without its zod schemas. */
export interface RouteMeta<N extends EndpointName = EndpointName> {
  readonly name: N;
  readonly method: HttpMethod;
  /** Path under BASE_PATH; `{version}` appears exactly when `version` is `versioned`. */
  readonly path: string;
  readonly version: VersionRule;
  /** The client shows a loading indicator while this call runs. */
  readonly loading: boolean;
  readonly access: Access;
  /** The client sends an `Idempotency-Key` header. */
  readonly idempotent: boolean;
  /** A file download (no envelope on success): its content type. */
  readonly produces?: 'text/csv' | 'application/octet-stream' | 'text/event-stream';
  /** An upload: the request body is the file's raw bytes, one of `types`, at most `maxBytes`. */
  readonly upload?: { readonly types: readonly string[]; readonly maxBytes: number };
}

/** One entry per endpoint of the table, no more, no less (checked by tsc on client-routes.ts). */
export type RouteTable = { readonly [N in EndpointName]: RouteMeta<N> };

/** Payload and answer types of an endpoint, by name (from the zod table, types only). */
export type RouteQuery<N extends EndpointName> = QueryIn<Endpoints[N]>;
export type RouteBody<N extends EndpointName> = BodyIn<Endpoints[N]>;
export type RouteData<N extends EndpointName> = DataOf<Endpoints[N]>;
