import type { StaffRole } from '@campaign/contract/client';
import { Tag } from 'antd';
import { type MessageKey, t } from './i18n';
import { TONES } from './theme';

/** Each role's tone (shared/theme.ts: AA contrast, which antd's preset gold and orange are not). */
const COLORS: Record<StaffRole, (typeof TONES)[keyof typeof TONES]> = {
  operator: TONES.blue,
  approver: TONES.purple,
  auditor: TONES.amber,
  admin: TONES.red,
  clerk: TONES.slate,
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
