import { z } from 'zod';
import { empty, noData } from '../common';
import { endpoint } from '../endpoint';

const trackEvent = z.object({
  event: z.string().min(1).max(64),
  params: z.record(z.string(), z.union([z.string().max(256), z.number(), z.boolean()])).optional(),
  ts: z.number().int().positive().optional(),
});

/** Page views and the native bridge's tracking events. */
export const trackingEndpoints = {
  webpageVisit: endpoint({
    method: 'POST',
    path: '/v2/webpage/visit',
    version: 'v2',
    loading: false,
    access: 'tenant',
    tag: 'tracking',
    errors: ['NOT_FOUND'],
    summary: 'Record a page view of an activity (spec §4)',
    query: empty.partial(),
    body: z.object({ actId: z.string().min(1).max(64), visitType: z.literal('PV') }),
    data: noData,
  }),
  trackEvents: endpoint({
    method: 'POST',
    path: '/track/events',
    version: 'none',
    loading: false,
    access: 'tenant',
    tag: 'tracking',
    errors: [],
    summary: "Tracking events from the native bridge's embedded-point call",
    query: empty.partial(),
    body: z.object({ events: z.array(trackEvent).min(1).max(50) }),
    data: z.object({ accepted: z.number().int() }),
  }),
} as const;
