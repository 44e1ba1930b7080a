import { maskMobile, type RiskListType } from '@campaign/contract';
import ipaddr from 'ipaddr.js';
import { AppError } from '../../platform/errors';
import { subnetOf } from './compute-features';

// A list value as its list keeps it, one rule for the console's 添加 and the CSV import (ADR 0393).

const invalid = (zh: string) => new AppError('RISK_LIST_VALUE_INVALID', { 'zh-CN': zh });

/** GB 11643: the 18th character of a resident ID number is a checksum of the first 17. */
const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';

function idNumber(v: string): string {
  const id = v.toUpperCase();
  if (!/^\d{17}[\dX]$/.test(id)) throw invalid('身份证号须为 18 位（末位可为 X）');
  const sum = ID_WEIGHTS.reduce((s, w, i) => s + w * Number(id[i]), 0);
  if (ID_CHECK[sum % 11] !== id[17]) throw invalid('身份证号校验位不正确');
  return id;
}

function ipValue(v: string): string {
  const [addr, bits, more] = v.split('/');
  if (!addr || more !== undefined || !ipaddr.isValid(addr)) throw invalid('IP 地址格式不正确');
  const a = ipaddr.process(addr).toString();
  if (bits === undefined) return a;
  if ((a.includes(':') && bits === '64') || (!a.includes(':') && bits === '24')) return subnetOf(a);
  throw invalid('网段仅支持 IPv4 /24 或 IPv6 /64');
}

/** A value as its list keeps it (IPs normalised, a range as its /24 or /64), or a Chinese refusal. */
export function normalise(type: RiskListType, raw: string): string {
  const v = raw.trim();
  if (type === 'phone') {
    if (!/^1\d{10}$/.test(v)) throw invalid('手机号须为 11 位数字');
    return v;
  }
  if (type === 'id_number') return idNumber(v);
  if (type === 'ip') return ipValue(v);
  if (!/^[\w.:-]{4,64}$/.test(v)) throw invalid('须为 4–64 位字母、数字或 . _ : -');
  return v;
}

/** What a person sees of a value: a phone as 138****5678, an ID number as 110***********123X. */
export function shownOf(type: RiskListType, value: string): string {
  if (type === 'phone') return maskMobile(value);
  if (type === 'id_number') return `${value.slice(0, 3)}${'*'.repeat(11)}${value.slice(-4)}`;
  return value;
}
