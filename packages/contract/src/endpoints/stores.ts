import { z } from 'zod';
import { endpoint } from '../endpoint';
import { STAFF_ROLES } from '../paths';

/**
 * Stores where prizes are redeemed, map navigation, redemption at the counter (spec §2 /lottStore,
 * /lottStore/mapNavigation; §7 "store-list calls, all under the store-list relation path"). Owned by the
 * stores module. Coordinates are GCJ-02 (what Chinese map providers and phones' map apps use); the server
 * converts where a provider or the device needs WGS-84 or BD-09 (docs/decisions/0300-stores-and-maps.md).
 */
export const STORE_RELATION_PATH = '/store-list-relation';

export const storeIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, { message: 'i18n:storeId' });
export const storeListIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, { message: 'i18n:storeListId' });
/** A ticket code as typed or scanned: letters and digits, spaces and dashes between groups are ignored. */
export const redeemCodeSchema = z
  .string()
  .trim()
  .transform((s) => s.replace(/[\s-]/g, '').toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9]{6,40}$/, { message: 'i18n:redeemCode' }));

/** Opening hours: the days (1 = Monday … 7 = Sunday) and a time span in Asia/Shanghai. */
export const storeHoursSchema = z.object({
  days: z.array(z.number().int().min(1).max(7)),
  open: z.string(),
  close: z.string(),
});
export type StoreHours = z.infer<typeof storeHoursSchema>;

/** A point as [lng, lat]. */
const lngLat = z.tuple([z.number(), z.number()]);

export const storeSchema = z.object({
  storeId: z.string(),
  name: z.string(),
  address: z.string(),
  cityCode: z.string(),
  cityName: z.string(),
  phone: z.string(),
  /** GCJ-02. */
  lng: z.number(),
  lat: z.number(),
  hours: z.array(storeHoursSchema),
  /** Open at the time of the answer, in Asia/Shanghai. */
  openNow: z.boolean(),
  /** Today's span ("09:00-21:00") or null when closed all day. */
  todayHours: z.string().nullable(),
  /** Metres from the location the request gave, or null without one. */
  distanceM: z.number().int().nullable(),
});
export type Store = z.infer<typeof storeSchema>;

export const storeDetailSchema = storeSchema.extend({
  /** The same point in each system: GCJ-02 (Amap, Tencent, Apple Maps in China), WGS-84 (GPS), BD-09 (Baidu). */
  coords: z.object({ gcj02: lngLat, wgs84: lngLat, bd09: lngLat }),
  /** Other stores of the list in the same city, nearest first (the schematic of the map fallback). */
  nearby: z.array(storeSchema),
});
export type StoreDetail = z.infer<typeof storeDetailSchema>;

/** Where the customer is, optionally: the browser gives WGS-84, the host app GCJ-02. */
const whereQuery = {
  lng: z.coerce.number().min(-180).max(180).optional(),
  lat: z.coerce.number().min(-90).max(90).optional(),
  coord: z.enum(['wgs84', 'gcj02']).default('wgs84'),
  /** Only the stores that accept this prize (by name; a store that lists none accepts every prize). */
  prize: z.string().trim().min(1).max(32).optional(),
};

const storeListData = z.object({
  listId: z.string(),
  name: z.string(),
  cities: z.array(z.object({ cityCode: z.string(), cityName: z.string(), count: z.number().int() })),
  list: z.array(storeSchema),
});

export const storeListRelationSchema = z.object({
  listId: z.string(),
  name: z.string(),
  actIds: z.array(z.string()),
  storeIds: z.array(z.string()),
});

/** Who works the counter: a clerk at their own stores, an operator at any store of the corp. */
const COUNTER_ROLES = ['clerk', 'operator'] as const;

/** A code as the clerk sees it at the counter. */
export const counterTicketSchema = z.object({
  code: z.string(),
  prizeName: z.string(),
  activityTitle: z.string(),
  actId: z.string(),
  image: z.string(),
  valueCents: z.number().int(),
  /** unused = can be redeemed here (if `redeemableHere`), used, expired. */
  state: z.enum(['unused', 'used', 'expired']),
  validUntil: z.number().int().nullable(),
  /** The customer's mobile, masked. */
  customer: z.string(),
  /** This store is on the prize's redemption list. */
  redeemableHere: z.boolean(),
  redemption: z
    .object({
      staffName: z.string(),
      storeId: z.string(),
      storeName: z.string(),
      at: z.number().int(),
    })
    .nullable(),
  /** Used, but not at a counter (online or in the app). */
  usedAt: z.number().int().nullable(),
  usedChannel: z.string().nullable(),
});
export type CounterTicket = z.infer<typeof counterTicketSchema>;

const counterBody = z.object({ code: redeemCodeSchema, storeId: storeIdSchema });

export const storesEndpoints = {
  storeAuthUserInfo: endpoint({
    method: 'POST',
    path: `${STORE_RELATION_PATH}/auth-user-info`,
    version: 'none',
    loading: false,
    access: 'staff',
    roles: COUNTER_ROLES,
    tag: 'stores',
    errors: [],
    summary: 'Who the logged-in clerk is and which stores they serve (staff only: a customer gets 403)',
    query: z.object({}),
    body: z.object({}).optional(),
    data: z.object({
      staffId: z.string(),
      name: z.string(),
      roles: z.array(z.enum(STAFF_ROLES)),
      stores: z.array(z.object({ storeId: z.string(), name: z.string(), cityName: z.string() })),
    }),
  }),
  storeRelationList: endpoint({
    method: 'GET',
    path: `${STORE_RELATION_PATH}/relation-list`,
    version: 'none',
    loading: false,
    access: 'tenant',
    tag: 'stores',
    errors: [],
    summary:
      "A store list's relations (its stores and the activities whose prizes they redeem), by list id or activity",
    query: z
      .object({ listId: storeListIdSchema.optional(), actId: z.string().min(1).max(64).optional() })
      .refine((q) => q.listId !== undefined || q.actId !== undefined, { message: 'i18n:storeListId' }),
    body: z.undefined(),
    data: z.object({ relations: z.array(storeListRelationSchema) }),
  }),
  storeList: endpoint({
    method: 'GET',
    path: `${STORE_RELATION_PATH}/store-list`,
    version: 'none',
    loading: false,
    access: 'tenant',
    tag: 'stores',
    errors: ['STORE_LIST_NOT_FOUND'],
    summary: 'The stores of a list, nearest first when a location is given, with its cities',
    query: z.object({ listId: storeListIdSchema, ...whereQuery }),
    body: z.undefined(),
    data: storeListData,
  }),
  storeListByCity: endpoint({
    method: 'GET',
    path: `${STORE_RELATION_PATH}/store-list-by-city`,
    version: 'none',
    loading: false,
    access: 'tenant',
    tag: 'stores',
    errors: ['STORE_LIST_NOT_FOUND'],
    summary: 'The stores of a list in one city (by name), nearest first when a location is given',
    query: z.object({ listId: storeListIdSchema, cityName: z.string().trim().min(1).max(32), ...whereQuery }),
    body: z.undefined(),
    data: storeListData,
  }),
  storeListDetail: endpoint({
    method: 'POST',
    path: `${STORE_RELATION_PATH}/store-detail`,
    version: 'none',
    loading: false,
    access: 'tenant',
    tag: 'stores',
    errors: ['STORE_LIST_NOT_FOUND', 'STORE_NOT_FOUND'],
    summary: 'One store of a list with its coordinates in GCJ-02, WGS-84 and BD-09 and the nearby stores',
    query: z.object({}),
    body: z.object({
      listId: storeListIdSchema,
      storeId: storeIdSchema,
      lng: z.number().min(-180).max(180).optional(),
      lat: z.number().min(-90).max(90).optional(),
      coord: z.enum(['wgs84', 'gcj02']).default('wgs84'),
    }),
    data: storeDetailSchema,
  }),
  mapProviderKey: endpoint({
    method: 'GET',
    path: `${STORE_RELATION_PATH}/map-key`,
    version: 'none',
    loading: false,
    access: 'tenant',
    tag: 'stores',
    errors: [],
    summary:
      'The map tile source and key the map screen uses (provider null: none configured, the designed fallback shows)',
    query: z.object({}),
    body: z.undefined(),
    data: z.object({
      provider: z.string().nullable(),
      /** Leaflet URL template ({s}, {z}, {x}, {y}); the key is already filled in. */
      tileUrl: z.string().nullable(),
      subdomains: z.string(),
      attribution: z.string(),
      /** The coordinate system of the tiles (Chinese providers draw GCJ-02). */
      coord: z.enum(['gcj02', 'wgs84']),
    }),
  }),
  redeemLookup: endpoint({
    method: 'POST',
    path: `${STORE_RELATION_PATH}/redeem/lookup`,
    version: 'none',
    loading: true,
    access: 'staff',
    roles: COUNTER_ROLES,
    tag: 'stores',
    errors: ['STORE_NOT_FOUND', 'STORE_NOT_SERVED', 'REDEEM_CODE_UNKNOWN'],
    summary: "A customer's ticket by its code, as the clerk of a store sees it (staff only)",
    query: z.object({}),
    body: counterBody,
    data: counterTicketSchema,
  }),
  redeemTicket: endpoint({
    method: 'POST',
    path: `${STORE_RELATION_PATH}/redeem`,
    version: 'none',
    loading: true,
    access: 'staff',
    roles: COUNTER_ROLES,
    tag: 'stores',
    errors: [
      'STORE_NOT_FOUND',
      'STORE_NOT_SERVED',
      'REDEEM_CODE_UNKNOWN',
      'REDEEM_USED',
      'REDEEM_EXPIRED',
      'REDEEM_WRONG_STORE',
      'REDEEM_ALREADY',
    ],
    summary: 'Redeem a ticket at a store, exactly once; a second redemption is told who, where and when (staff only)',
    idempotent: true,
    query: z.object({}),
    body: counterBody,
    data: counterTicketSchema,
  }),
  redeemException: endpoint({
    method: 'POST',
    path: `${STORE_RELATION_PATH}/redeem/exception`,
    version: 'none',
    loading: true,
    access: 'staff',
    roles: COUNTER_ROLES,
    tag: 'stores',
    errors: [
      'STORE_NOT_FOUND',
      'STORE_NOT_SERVED',
      'REDEEM_CODE_UNKNOWN',
      'REDEEM_NOT_EXPIRED',
      'REDEEM_USED',
      'REDEEM_WRONG_STORE',
      'REDEEM_ALREADY',
      'CONFLICT_IN_FLIGHT',
    ],
    summary:
      'Ask an approver to honour an expired ticket at this store (staff only); the same Idempotency-Key returns the first request',
    idempotent: true,
    query: z.object({}),
    body: counterBody.extend({ reason: z.string().trim().min(2).max(200) }),
    data: z.object({ requestId: z.string(), status: z.string() }),
  }),
} as const;
