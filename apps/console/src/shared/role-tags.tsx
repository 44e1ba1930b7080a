import type { StaffRole } from '@campaign/contract/client';
import { Tag } from 'antd';
import { type MessageKey, t } from './i18n';

/** Text and background per role, each at least 4.5:1 (antd's preset gold and orange are not). */
const COLORS: Record<StaffRole, { color: string; background: string }> = {
  operator: { color: '#1e40af', background: '#eff4ff' },
  approver: { color: '#6b21a8', background: '#f5edff' },
  auditor: { color: '#854d0e', background: '#fef6d8' },
  admin: { color: '#991b1b', background: '#fdecec' },
  clerk: { color: '#334155', background: '#f1f5f9' },
};

export const roleLabel = (r: StaffRole) => t(`role.${r}` as MessageKey);

export function RoleTags({ roles }: { roles: readonly StaffRole[] }) {
  return (
    <span>
      {roles.map((r) => (
        <Tag key={r} style={COLORS[r]} bordered={false}>
          {roleLabel(r)}
        </Tag>
      ))}
    </span>
  );
}
