import type { StaffRole } from '@campaign/contract/client';
import { Tag } from 'antd';
import { type MessageKey, t } from './i18n';

const COLORS: Record<StaffRole, string> = {
  operator: 'blue',
  approver: 'purple',
  auditor: 'gold',
  admin: 'red',
  clerk: 'default',
};

export const roleLabel = (r: StaffRole) => t(`role.${r}` as MessageKey);

export function RoleTags({ roles }: { roles: readonly StaffRole[] }) {
  return (
    <span>
      {roles.map((r) => (
        <Tag key={r} color={COLORS[r]} bordered={false}>
          {roleLabel(r)}
        </Tag>
      ))}
    </span>
  );
}
