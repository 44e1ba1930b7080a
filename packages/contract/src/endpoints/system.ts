import { z } from 'zod';
import { empty } from '../common';
import { endpoint } from '../endpoint';

/** Platform calls that belong to no business domain. */
export const systemEndpoints = {
  systemTime: endpoint({
    method: 'GET',
    path: '/system/time',
    version: 'none',
    loading: false,
    access: 'public',
    tag: 'platform',
    errors: [],
    summary: 'Server clock, for countdowns that must not trust the phone',
    query: empty.partial(),
    body: z.undefined(),
    data: z.object({ now: z.number().int(), iso: z.string() }),
  }),
  commonDecrypt: endpoint({
    method: 'POST',
    path: '/common/decrypt',
    version: 'none',
    loading: false,
    access: 'tenant',
    tag: 'platform',
    errors: ['UNAUTHENTICATED', 'DECRYPT_FAILED'],
    summary: 'Decrypt a value this service encrypted for the same corp (e.g. a share link parameter)',
    query: empty.partial(),
    body: z.object({ data: z.string().min(1).max(4096) }),
    data: z.object({ plain: z.string() }),
  }),
} as const;
