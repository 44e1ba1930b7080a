import { COOKIES, type staffEndpoints } from '@campaign/contract';
import type { HandlersOf } from '../../platform/http';
import { clearStaffSessionCookie, setStaffSessionCookie } from '../../platform/session';
import { type StaffService, toStaffMember } from './service';

export function staffHandlers(svc: StaffService): HandlersOf<typeof staffEndpoints> {
  return {
    staffLogin: async ({ corp, body, req, reply }) => {
      const r = await svc.login(corp, body.ticket, req.cookies[COOKIES.staffSession]);
      setStaffSessionCookie(req, reply, r.token, r.maxAgeMs);
      return r.staff;
    },
    staffMe: async ({ staff }) => toStaffMember(staff),
    staffLogout: async ({ req, reply }) => {
      await svc.logout(req.cookies[COOKIES.staffSession]);
      clearStaffSessionCookie(reply);
      return null;
    },
  };
}
