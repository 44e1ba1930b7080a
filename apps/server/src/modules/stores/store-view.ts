import type { Store, StoreHours } from '@campaign/contract';
import { chinaMinute } from '@campaign/contract/china-time';
import { AppError } from '../../platform/errors';
import { distanceM, type LngLat } from './geo';
import { isOpen, todayHours } from './hours';
import type * as repo from './repo';

export function toStore(r: repo.StoreRow, now: number, from: LngLat | null): Store {
  const hours = JSON.parse(r.hours) as StoreHours[];
  return {
    storeId: r.id,
    name: r.name,
    address: r.address,
    cityCode: r.city_code,
    cityName: r.city_name,
    phone: r.phone,
    lng: r.lng,
    lat: r.lat,
    hours,
    openNow: isOpen(hours, now),
    todayHours: todayHours(hours, now),
    distanceM: from ? distanceM(from, [r.lng, r.lat]) : null,
  };
}

/** Nearest first when the distance is known, else by city and id (the repository's order). */
export function byDistance(a: Store, b: Store) {
  return (a.distanceM ?? 0) - (b.distanceM ?? 0);
}

/** Crockford base32 as typed at a counter: O is 0, I and L are 1; grouped in fours as issued. */
export function normalizeCode(code: string): string {
  const plain = code.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  return plain.match(/.{1,4}/g)?.join('-') ?? plain;
}

export function alreadyRedeemed(r: { staffName: string; storeName: string; at: number }): AppError {
  const at = chinaMinute(r.at);
  return new AppError('REDEEM_ALREADY', {
    'zh-CN': `${at} 由 ${r.staffName} 在 ${r.storeName} 核销`,
    'en-US': `by ${r.staffName} at ${r.storeName} on ${at} (Beijing time)`,
  });
}
/** A repeated exception (same key): the first request, or 409 while the first is still being filed. */
export function replayException(row: { detail: string | null }) {
  if (!row.detail) throw new AppError('CONFLICT_IN_FLIGHT');
  return { requestId: row.detail, status: 'pending' };
}
