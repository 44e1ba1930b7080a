import type { Address, addressInputSchema } from '@campaign/contract';
import type { z } from 'zod';
import { AppError } from '../../platform/errors';
import { regions } from './regions';
import type * as repo from './repo';

export type Input = z.output<typeof addressInputSchema>;

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
export function columnsOf(input: Input) {
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
