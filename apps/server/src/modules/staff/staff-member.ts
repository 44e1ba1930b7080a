import type { StaffMember } from '@campaign/contract';
import type { RequestStaff } from '../../platform/session';

export function toStaffMember(s: RequestStaff): StaffMember {
  return { corpId: s.corpId, staffId: s.id, name: s.name, roles: s.roles, stores: s.stores };
}
