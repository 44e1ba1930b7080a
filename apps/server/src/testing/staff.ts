import { randomBytes } from 'node:crypto';
import type { StaffRole } from '@campaign/contract';
import { expect } from 'vitest';
import { signStaffTicket } from '../modules/staff/ticket';
import { body, cookieJar, H5, type TestApp } from './harness';

/** The demo corps' secrets (apps/server/campaigns/demo.yaml). */
export const DEMO_SECRETS: Record<string, string> = {
  demo: 'demo-app-secret-please-change-0001',
  'demo-gray': 'demo-gray-secret-please-change-02',
};

/** A staff ticket as the host app would sign it, valid for 5 minutes from the test clock. */
export function staffTicket(t: TestApp, corpId: string, staffId: string, roles: StaffRole[], secretOf = corpId) {
  return signStaffTicket(DEMO_SECRETS[secretOf] ?? 'unknown-secret-0000000', {
    typ: 'staff',
    corpId,
    staffId,
    roles,
    exp: Math.floor(t.clock.now / 1000) + 300,
    nonce: randomBytes(12).toString('hex'),
  });
}

let seq = 0;
/** Logs a staff member in (each from its own address, below the log-in limit); returns the cookie header. */
export async function staffLogin(t: TestApp, corpId: string, staffId: string, roles: StaffRole[]) {
  seq++;
  const res = await t.app.inject({
    method: 'POST',
    url: `/bmcs/api/staff/login?corpId=${corpId}`,
    headers: H5,
    payload: { ticket: staffTicket(t, corpId, staffId, roles) },
    remoteAddress: `10.77.${seq % 250}.${Math.floor(seq / 250)}`,
  });
  expect(body(res)).toMatchObject({ code: 0 });
  const jar = cookieJar();
  jar.take(res);
  return jar.header();
}
