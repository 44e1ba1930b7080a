import { z } from 'zod';
import { empty } from '../common';
import { endpoint } from '../endpoint';
import { CONSOLE_ROLES } from '../paths';
import { storeIdSchema } from './stores';

// Stores as the console's master data (issue 34 §1, module `stores`): the corp's stores with their address,
// GCJ-02 coordinates the operator enters or picks (no geocoder is reachable offline, ADR 0057), opening hours
// and the prizes they accept; created and edited one at a time or imported from CSV. Store lists and staff
// lists in the campaign editor pick from these, by name.

/** Who changes the stores: makers and the admin (approvers and auditors read them). */
export const STORE_WRITERS = ['operator', 'admin'] as const;
/** A stores CSV: at most this large (a bank's whole network fits many times over). */
export const MAX_STORES_CSV_BYTES = 2 * 1024 * 1024;

/** A store as the console lists and edits it. */
export const consoleStoreSchema = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  cityCode: z.string(),
  cityName: z.string(),
  phone: z.string(),
  /** GCJ-02. */
  lng: z.number(),
  lat: z.number(),
  /** As written: "09:00-21:00" or "Mon-Fri 09:00-18:00; Sat,Sun 10:00-16:00". */
  hours: z.string(),
  /** The prizes the store accepts, by name. */
  accepts: z.array(z.string()),
  updatedAt: z.number().int(),
});
export type ConsoleStore = z.infer<typeof consoleStoreSchema>;

/** What the operator enters for a store; `id` only when editing one (a new store gets its id from the server). */
export const storeInputSchema = z.object({
  id: storeIdSchema.optional(),
  name: z.string().trim().min(2, { message: 'i18n:storeName' }).max(40, { message: 'i18n:storeName' }),
  address: z.string().trim().min(5, { message: 'i18n:storeAddress' }).max(120, { message: 'i18n:storeAddress' }),
  cityCode: z.string().regex(/^\d{6}$/, { message: 'i18n:cityCode' }),
  cityName: z.string().trim().min(2, { message: 'i18n:cityName' }).max(20, { message: 'i18n:cityName' }),
  phone: z
    .string()
    .trim()
    .regex(/^\+?[\d\s-]{5,20}$/, { message: 'i18n:storePhone' }),
  lng: z
    .number({ message: 'i18n:storeLng' })
    .min(73, { message: 'i18n:storeLng' })
    .max(136, { message: 'i18n:storeLng' }),
  lat: z
    .number({ message: 'i18n:storeLat' })
    .min(3, { message: 'i18n:storeLat' })
    .max(54, { message: 'i18n:storeLat' }),
  hours: z.string().trim().min(1, { message: 'i18n:storeHours' }).max(200, { message: 'i18n:storeHours' }),
  accepts: z
    .array(z.string().trim().min(1).max(40, { message: 'i18n:storeAccepts' }))
    .max(50, { message: 'i18n:storeAccepts' })
    .default([]),
});
export type StoreInput = z.input<typeof storeInputSchema>;

export const consoleStoresEndpoints = {
  consoleStores: endpoint({
    method: 'GET',
    path: '/console/stores',
    version: 'none',
    loading: false,
    access: 'console',
    roles: CONSOLE_ROLES,
    tag: 'console-stores',
    summary: "The corp's stores, a page at a time, by name (search by name, address or city)",
    query: z.object({
      q: z.string().trim().max(64).optional(),
      page: z.coerce.number().int().min(1).default(1),
      pageSize: z.coerce.number().int().min(1).max(500).default(20),
    }),
    body: z.undefined(),
    data: z.object({ total: z.number().int(), items: z.array(consoleStoreSchema) }),
    errors: [],
  }),
  consoleStoreSave: endpoint({
    method: 'POST',
    path: '/console/stores/save',
    version: 'none',
    loading: true,
    access: 'console',
    roles: STORE_WRITERS,
    tag: 'console-stores',
    summary:
      'Create a store (no `id`: the server gives one) or change one of this corp (`id`); audited. The H5 lists and maps it wherever a published store list names it',
    query: empty.partial(),
    body: storeInputSchema,
    data: consoleStoreSchema,
    errors: ['STORE_NOT_FOUND'],
  }),
  consoleStoresImport: endpoint({
    method: 'POST',
    path: '/console/stores/import',
    version: 'none',
    loading: true,
    access: 'console',
    roles: STORE_WRITERS,
    tag: 'console-stores',
    summary:
      'Import stores from CSV bytes (UTF-8 or GBK, detected; header id,name,address,cityCode,cityName,lng,lat,hours,phone and optionally accepts, `;`-separated): a store of the same id is updated. Bad rows come back as `line: field: message`; nothing is stored unless the whole file is valid',
    upload: { types: ['text/csv', 'application/octet-stream'], maxBytes: MAX_STORES_CSV_BYTES },
    query: empty.partial(),
    body: z.undefined(),
    data: z.object({ stores: z.number().int(), encoding: z.enum(['utf-8', 'gbk']) }),
    errors: ['LIST_INVALID', 'UPLOAD_TOO_LARGE', 'UPLOAD_TYPE'],
  }),
} as const;
