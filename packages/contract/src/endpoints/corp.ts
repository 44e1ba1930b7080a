import { z } from 'zod';
import { empty } from '../common';
import { endpoint } from '../endpoint';

/** Tenants: white list, customer groups, enterprise groups. */
export const corpEndpoints = {
  checkWhiteCorpId: endpoint({
    method: 'GET',
    path: '/corp/white-check',
    version: 'none',
    loading: false,
    access: 'tenant',
    tag: 'corp',
    errors: [],
    summary: "Is the request's corp on the white list",
    query: empty.partial(),
    body: z.undefined(),
    data: z.object({ white: z.boolean() }),
  }),
  cgroupCheck: endpoint({
    method: 'POST',
    path: '/cgroup/check',
    version: 'none',
    loading: false,
    access: 'user',
    tag: 'corp',
    errors: [],
    summary: 'Which of the given customer groups the current user belongs to',
    query: empty.partial(),
    body: z.object({ cgroupIds: z.array(z.string().min(1).max(64)).min(1).max(100) }),
    data: z.object({ member: z.boolean(), matched: z.array(z.string()) }),
  }),
  groupEiopCheck: endpoint({
    method: 'GET',
    path: '/{version}/group/eiop-check',
    version: 'versioned',
    loading: false,
    access: 'tenant',
    tag: 'corp',
    errors: [],
    summary: "Which enterprise groups (by id, comma separated) the request's corp belongs to",
    query: z.object({ groupIds: z.string().max(1000).optional() }),
    body: z.undefined(),
    data: z.object({ passed: z.boolean(), groups: z.array(z.string()) }),
  }),
} as const;
