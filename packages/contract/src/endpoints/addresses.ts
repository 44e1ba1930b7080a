import { z } from 'zod';
import { mobileSchema } from '../common';
import { endpoint } from '../endpoint';

/** At most this many delivery addresses per customer (the server enforces it under concurrency). */
export const MAX_ADDRESSES = 20;
/** Largest page the address list serves. */
export const MAX_ADDRESS_PAGE_SIZE = 50;

/** GB/T 2260 six-digit administrative-division code. */
export const regionCodeSchema = z.string().regex(/^\d{6}$/, { message: 'i18n:regionCode' });
/** `addNo`: opaque, never sequential across customers. */
export const addNoSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, { message: 'i18n:addNo' });

/** One address as its owner sees it (the full mobile: it is theirs and the edit form needs it). */
export const addressSchema = z.object({
  addNo: z.string(),
  name: z.string(),
  mobile: z.string(),
  provinceCode: z.string(),
  provinceName: z.string(),
  cityCode: z.string(),
  cityName: z.string(),
  districtCode: z.string(),
  districtName: z.string(),
  detail: z.string(),
  isDefault: z.boolean(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type Address = z.infer<typeof addressSchema>;

/**
 * What the add and edit forms send. Names and codes are enough: the server fills the region names from
 * the same GB/T 2260 data it validates against (a client-typed name is never stored).
 */
export const addressInputSchema = z.object({
  name: z.string().trim().min(2, { message: 'i18n:addressName' }).max(20, { message: 'i18n:addressName' }),
  mobile: mobileSchema,
  provinceCode: regionCodeSchema,
  cityCode: regionCodeSchema,
  districtCode: regionCodeSchema,
  detail: z.string().trim().min(5, { message: 'i18n:addressDetail' }).max(120, { message: 'i18n:addressDetail' }),
  /** Make this the default (unsets the old one). The first address is the default whatever this says. */
  isDefault: z.boolean().optional(),
});
export type AddressInput = z.input<typeof addressInputSchema>;

const regionLeafSchema = z.object({ code: z.string(), name: z.string() });
const regionCitySchema = regionLeafSchema.extend({ children: z.array(regionLeafSchema) });
const regionProvinceSchema = regionLeafSchema.extend({ children: z.array(regionCitySchema) });
/**
 * The picker's data: province → city → district as one tree (a cascade picker takes it as is). Cities of
 * the four municipalities and of province-level areas without prefectures appear as the division data
 * lists them.
 */
export const regionTreeSchema = z.object({
  /** Version of the division data (the package's), so clients may cache the tree by it. */
  source: z.string(),
  provinces: z.array(regionProvinceSchema),
});
export type RegionTree = z.infer<typeof regionTreeSchema>;

const addNoQuery = z.object({ addNo: addNoSchema });

/** The customer's delivery addresses (spec §2 /addressList, /addAddress, /editAddress/{addNo}; §7). */
export const addressesEndpoints = {
  regionList: endpoint({
    method: 'GET',
    path: '/address/province-city-list',
    version: 'none',
    loading: false,
    access: 'public',
    tag: 'addresses',
    errors: [],
    summary: 'Province → city → district tree (GB/T 2260), immutable and cacheable',
    query: z.object({}),
    body: z.undefined(),
    data: regionTreeSchema,
  }),
  addressList: endpoint({
    method: 'POST',
    path: '/address/list',
    version: 'none',
    loading: false,
    access: 'user',
    tag: 'addresses',
    errors: ['REGION_MISMATCH'],
    summary: "The customer's delivery addresses, default first then newest, a page at a time",
    query: z.object({
      page_num: z.coerce.number().int().min(1).default(1),
      page_size: z.coerce.number().int().min(1).max(MAX_ADDRESS_PAGE_SIZE).default(10),
    }),
    body: z.object({}).optional(),
    data: z.object({
      total: z.number().int(),
      page_num: z.number().int(),
      page_size: z.number().int(),
      /** The most a customer may keep, so the list can hide "add" at the limit. */
      max: z.number().int(),
      list: z.array(addressSchema),
    }),
  }),
  addressAdd: endpoint({
    method: 'POST',
    path: '/address/add',
    version: 'none',
    loading: true,
    access: 'user',
    tag: 'addresses',
    errors: ['ADDRESS_LIMIT', 'REGION_MISMATCH'],
    summary: 'Add an address (the first becomes the default; at most 20)',
    idempotent: true,
    query: z.object({}),
    body: addressInputSchema,
    data: addressSchema,
  }),
  addressUpdate: endpoint({
    method: 'POST',
    path: '/address/update',
    version: 'none',
    loading: true,
    access: 'user',
    tag: 'addresses',
    errors: ['ADDRESS_NOT_FOUND', 'REGION_MISMATCH'],
    summary: 'Change an address; isDefault: true makes it the default',
    query: z.object({}),
    body: addressInputSchema.extend({ addNo: addNoSchema }),
    data: addressSchema,
  }),
  addressDelete: endpoint({
    method: 'GET',
    path: '/address/delete',
    version: 'none',
    loading: true,
    access: 'user',
    tag: 'addresses',
    errors: ['ADDRESS_NOT_FOUND'],
    summary: 'Delete an address (a GET in the spec: cross-site checked); deleting the default promotes the newest',
    stateChangingGet: true,
    query: addNoQuery,
    body: z.undefined(),
    data: z.object({ addNo: z.string(), newDefaultAddNo: z.string().nullable() }),
  }),
  addressDetail: endpoint({
    method: 'GET',
    path: '/address/detail',
    version: 'none',
    loading: false,
    access: 'user',
    tag: 'addresses',
    errors: ['ADDRESS_NOT_FOUND', 'REGION_MISMATCH'],
    summary: 'One of the customer’s addresses',
    query: addNoQuery,
    body: z.undefined(),
    data: addressSchema,
  }),
} as const;
