import { type Address, type AddressInput, type addressInputSchema, MAX_ADDRESSES } from '@campaign/contract';
import type { z } from 'zod';
import { newId } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import type { ServiceDeps } from '../../platform/services';
import type { RequestUser } from '../../platform/session';
import type { Corp } from '../../platform/tenancy';
import { regions } from './regions';
import * as repo from './repo';

type Input = z.output<typeof addressInputSchema>;

export function toAddress(r: repo.AddressRow): Address {
  return {
    addNo: r.id,
    name: r.name,
    mobile: r.mobile,
    provinceCode: r.province_code,
    provinceName: r.province_name,
    cityCode: r.city_code,
    cityName: r.city_name,
    districtCode: r.district_code,
    districtName: r.district_name,
    detail: r.detail,
    isDefault: r.is_default === 1,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

/** The stored columns of an input, with region names from the division data (refused when the codes do not fit). */
function columnsOf(input: Input) {
  const names = regions().resolve(input.provinceCode, input.cityCode, input.districtCode);
  if (!names) throw new AppError('REGION_MISMATCH');
  return {
    name: input.name,
    mobile: input.mobile,
    province_code: input.provinceCode,
    province_name: names.provinceName,
    city_code: input.cityCode,
    city_name: names.cityName,
    district_code: input.districtCode,
    district_name: names.districtName,
    detail: input.detail,
  };
}

export function createAddressesService(deps: ServiceDeps<'addresses'>) {
  const db = deps.database.db;
  const postgres = deps.database.kind === 'postgres';
  const { clock } = deps;

  return {
    regionTree() {
      return regions().tree;
    },

    async list(corp: Corp, user: RequestUser, pageNum: number, pageSize: number) {
      const [total, rows] = await Promise.all([
        repo.count(db, corp.id, user.id),
        repo.page(db, corp.id, user.id, (pageNum - 1) * pageSize, pageSize),
      ]);
      return { total, page_num: pageNum, page_size: pageSize, max: MAX_ADDRESSES, list: rows.map(toAddress) };
    },

    async detail(corp: Corp, user: RequestUser, addNo: string) {
      const row = await repo.get(db, corp.id, user.id, addNo);
      if (!row) throw new AppError('ADDRESS_NOT_FOUND');
      return toAddress(row);
    },

    /** The first address becomes the default; at most MAX_ADDRESSES, counted under the customer's lock. */
    async add(corp: Corp, user: RequestUser, input: Input, idemKey: string) {
      const columns = columnsOf(input);
      return db.transaction().execute(async (tx) => {
        await repo.lockOwner(tx, corp.id, user.id, postgres);
        const replay = await repo.byIdemKey(tx, corp.id, user.id, idemKey);
        if (replay) return toAddress(replay);
        const n = await repo.count(tx, corp.id, user.id);
        if (n >= MAX_ADDRESSES) throw new AppError('ADDRESS_LIMIT');
        const now = clock();
        const isDefault = n === 0 || input.isDefault === true;
        if (isDefault) await repo.clearDefault(tx, corp.id, user.id, now);
        const row: repo.AddressRow = {
          id: newId(),
          corp_id: corp.id,
          user_id: user.id,
          ...columns,
          is_default: isDefault ? 1 : 0,
          idem_key: idemKey,
          created_at: now,
          updated_at: now,
        };
        await repo.insert(tx, row);
        return toAddress(row);
      });
    },

    /** isDefault: true moves the default here; the default cannot be unset (there is always exactly one). */
    async update(corp: Corp, user: RequestUser, addNo: string, input: Input) {
      const columns = columnsOf(input);
      return db.transaction().execute(async (tx) => {
        await repo.lockOwner(tx, corp.id, user.id, postgres);
        const row = await repo.get(tx, corp.id, user.id, addNo);
        if (!row) throw new AppError('ADDRESS_NOT_FOUND');
        const now = clock();
        const makeDefault = input.isDefault === true && row.is_default !== 1;
        if (makeDefault) await repo.clearDefault(tx, corp.id, user.id, now);
        await repo.update(tx, corp.id, user.id, addNo, {
          ...columns,
          is_default: makeDefault ? 1 : row.is_default,
          updated_at: now,
        });
        const after = await repo.get(tx, corp.id, user.id, addNo);
        if (!after) throw new AppError('ADDRESS_NOT_FOUND');
        return toAddress(after);
      });
    },

    /** Deleting the default promotes the newest remaining address. */
    async remove(corp: Corp, user: RequestUser, addNo: string) {
      return db.transaction().execute(async (tx) => {
        await repo.lockOwner(tx, corp.id, user.id, postgres);
        const row = await repo.get(tx, corp.id, user.id, addNo);
        if (!row) throw new AppError('ADDRESS_NOT_FOUND');
        await repo.remove(tx, corp.id, user.id, addNo);
        let newDefaultAddNo: string | null = null;
        if (row.is_default === 1) {
          const next = await repo.newest(tx, corp.id, user.id);
          if (next) {
            await repo.update(tx, corp.id, user.id, next.id, { is_default: 1, updated_at: clock() });
            newDefaultAddNo = next.id;
          }
        }
        return { addNo, newDefaultAddNo };
      });
    },

    /** The address book as the prizes module's port sees it: one of the customer's addresses or null. */
    async get(corpId: string, userId: string, addNo: string): Promise<Address | null> {
      const row = await repo.get(db, corpId, userId, addNo);
      return row ? toAddress(row) : null;
    },
  };
}
export type AddressesService = ReturnType<typeof createAddressesService>;
export type { AddressInput };
