import { z } from 'zod';
import { empty } from '../common';
import { endpoint } from '../endpoint';

/** Gray release (spec §4). */
export const grayEndpoints = {
  setGrayFlag: endpoint({
    method: 'GET',
    path: '/gray/flag',
    version: 'none',
    loading: false,
    access: 'tenant',
    tag: 'gray',
    errors: [],
    summary: "The request's gray flag: 0 when cookie X-Tag=gray-bmcs, else 1 (spec §4)",
    query: empty.partial(),
    body: z.undefined(),
    data: z.object({ grayFlag: z.union([z.literal(0), z.literal(1)]) }),
  }),
  grayCheck: endpoint({
    method: 'GET',
    path: '/gray/check',
    version: 'none',
    loading: false,
    access: 'tenant',
    tag: 'gray',
    errors: [],
    summary: 'Is this corp in the gray release for the scene? Sets or clears the X-Tag cookie',
    query: z.object({ scene: z.literal('bmcs') }),
    body: z.undefined(),
    data: z.object({ gray: z.boolean() }),
  }),
} as const;
