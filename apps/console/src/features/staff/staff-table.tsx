import type { ConsoleStaff, StaffRole } from '@campaign/contract/client';
import { Badge, Button, Popconfirm, Space, type TableColumnsType, Typography } from 'antd';
import { formatTime } from '../../shared/format';
import { RoleTags } from '../../shared/role-tags';
import { t } from './messages';

export interface StaffActions {
  /** The signed-in staff member (who cannot disable themselves). */
  me: string;
  edit: (s: ConsoleStaff) => void;
  reset: (s: ConsoleStaff) => void;
  setActive: (s: ConsoleStaff, active: boolean) => void;
}

const secondary = (text: string) => <Typography.Text type="secondary">{text}</Typography.Text>;

function status(s: ConsoleStaff) {
  if (!s.active) return <Badge status="default" text={t('staff.status.disabled')} />;
  if (s.lockedUntil)
    return <Badge status="warning" text={t('staff.status.locked', { time: formatTime(s.lockedUntil) })} />;
  return <Badge status="success" text={t('staff.status.active')} />;
}

export function staffColumns(actions: StaffActions): TableColumnsType<ConsoleStaff> {
  return [
    {
      title: t('staff.col.staff'),
      key: 'staff',
      render: (_, s) => (
        <div>
          <div style={{ fontWeight: 500 }}>{s.name}</div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {s.staffId}
          </Typography.Text>
        </div>
      ),
    },
    {
      title: t('staff.col.login'),
      dataIndex: 'login',
      render: (login: string | null) => login ?? secondary(t('staff.noAccount')),
    },
    { title: t('staff.col.roles'), dataIndex: 'roles', render: (roles: StaffRole[]) => <RoleTags roles={roles} /> },
    { title: t('staff.col.status'), key: 'status', render: (_, s) => status(s) },
    {
      title: t('staff.col.lastSignIn'),
      dataIndex: 'lastSignInAt',
      render: (at: number | null) => (at ? formatTime(at) : secondary(t('staff.never'))),
    },
    {
      title: t('staff.col.actions'),
      key: 'actions',
      width: 280,
      render: (_, s) => <RowActions s={s} actions={actions} />,
    },
  ];
}

function RowActions({ s, actions }: { s: ConsoleStaff; actions: StaffActions }) {
  const self = s.staffId === actions.me;
  return (
    <Space size={4} wrap>
      <Button type="link" size="small" onClick={() => actions.edit(s)} aria-label={`${t('staff.editRoles')} ${s.name}`}>
        {t('staff.editRoles')}
      </Button>
      {s.login ? (
        <Popconfirm
          title={t('staff.resetConfirm', { name: s.name })}
          onConfirm={() => actions.reset(s)}
          okText={t('common.confirm')}
          cancelText={t('common.cancel')}
        >
          <Button type="link" size="small" aria-label={`${t('staff.resetTotp')} ${s.name}`}>
            {t('staff.resetTotp')}
          </Button>
        </Popconfirm>
      ) : null}
      {s.active ? (
        <Popconfirm
          title={t('staff.disableConfirm', { name: s.name })}
          onConfirm={() => actions.setActive(s, false)}
          okText={t('common.confirm')}
          cancelText={t('common.cancel')}
          okButtonProps={{ danger: true }}
          disabled={self}
        >
          <Button type="link" size="small" danger disabled={self} aria-label={`${t('staff.disable')} ${s.name}`}>
            {t('staff.disable')}
          </Button>
        </Popconfirm>
      ) : (
        <Button
          type="link"
          size="small"
          onClick={() => actions.setActive(s, true)}
          aria-label={`${t('staff.enable')} ${s.name}`}
        >
          {t('staff.enable')}
        </Button>
      )}
    </Space>
  );
}
