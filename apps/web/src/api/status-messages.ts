import { type MessageKey, t } from '../shared/i18n/messages';

/** spec §8: the HTTP statuses with a mapped message. 2xx, 400 and 401 pass through to the envelope. */
export const MAPPED_STATUSES = [200, 201, 202, 204, 400, 401, 403, 404, 406, 410, 422, 500, 502, 503, 504] as const;
export type MappedStatus = (typeof MAPPED_STATUSES)[number];

/** STATUS_MESSAGES: status → message key in the catalogue (zh-CN texts by default). */
export const STATUS_MESSAGES: Readonly<Record<MappedStatus, MessageKey>> = {
  200: 'status.200',
  201: 'status.201',
  202: 'status.202',
  204: 'status.204',
  400: 'status.400',
  401: 'status.401',
  403: 'status.403',
  404: 'status.404',
  406: 'status.406',
  410: 'status.410',
  422: 'status.422',
  500: 'status.500',
  502: 'status.502',
  503: 'status.503',
  504: 'status.504',
};

function isMapped(status: number): status is MappedStatus {
  return (MAPPED_STATUSES as readonly number[]).includes(status);
}

export function statusMessage(status: number): string {
  return isMapped(status) ? t(STATUS_MESSAGES[status]) : t('request.unknownStatus', { status });
}

/** spec §8: which HTTP statuses are read as an envelope instead of raising a status error. */
export function passesThrough(status: number): boolean {
  return (status >= 200 && status < 300) || status === 400 || status === 401;
}
