import { PlusOutlined } from '@ant-design/icons';
import type { ConsoleMe, ConsoleStaff, StaffRole } from '@campaign/contract/client';
import {
  Alert,
  message as antdMessage,
  Badge,
  Button,
  Card,
  Checkbox,
  Empty,
  Form,
  Input,
  Modal,
  Popconfirm,
  Space,
  Table,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useOutletContext } from 'react-router';
import { useEndpointMutation, useEndpointQuery } from '../../api/queries';
import { formatTime } from '../../shared/format';
import { t } from '../../shared/i18n';
import { LoadFailed } from '../../shared/load-failed';
import { PageHead } from '../../shared/page-head';
import { RoleTags, roleLabel } from '../../shared/role-tags';
import { SecondFactorModal } from './second-factor';

const ROLE_CHOICES: StaffRole[] = ['operator', 'approver', 'auditor', 'admin'];
const PAGE_SIZE = 10;

type Shown = { title: string; password?: string; login?: string | null; otpauthUri: string; qrSvg: string };

/** Staff & roles (admin): who can sign in, with which roles; add, change roles, disable, new second factor. */
export function StaffScreen() {
  const me = useOutletContext<ConsoleMe>();
  const [message, messageHolder] = antdMessage.useMessage();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const list = useEndpointQuery(
    'consoleStaffList',
    { query: { q: q || undefined, page, pageSize: PAGE_SIZE } },
    { placeholderData: (prev) => prev },
  );
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<ConsoleStaff | null>(null);
  const [shown, setShown] = useState<Shown | null>(null);
  const refresh = { invalidates: ['consoleStaffList' as const] };
  const onError = (err: Error) => void message.error(err.message);
  const active = useEndpointMutation('consoleStaffActive', { ...refresh, onError });
  const reset = useEndpointMutation('consoleStaffResetTotp', {
    ...refresh,
    onError,
    onSuccess: (r) =>
      setShown({ title: t('staff.reset.title', { name: r.staff.name }), login: r.staff.login, ...r.totp }),
  });

  return (
    <div className="console-page">
      {messageHolder}
      <PageHead
        title={t('staff.title')}
        subtitle={t('staff.subtitle')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
            {t('staff.add')}
          </Button>
        }
      />
      <Card>
        <Space style={{ marginBottom: 16 }}>
          <Input.Search
            allowClear
            placeholder={t('staff.search')}
            aria-label={t('staff.search')}
            style={{ width: 320 }}
            onSearch={(v) => {
              setQ(v.trim());
              setPage(1);
            }}
          />
        </Space>
        {list.error ? (
          <LoadFailed error={list.error} retry={list.refetch} />
        ) : (
          <Table<ConsoleStaff>
            rowKey="staffId"
            loading={list.isPending}
            dataSource={list.data?.items ?? []}
            locale={{ emptyText: <Empty description={q ? t('staff.emptySearch') : t('staff.empty')} /> }}
            pagination={{
              current: page,
              pageSize: PAGE_SIZE,
              total: list.data?.total ?? 0,
              onChange: setPage,
              showTotal: (n) => t('common.total', { n }),
            }}
            columns={[
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
                render: (login: string | null) =>
                  login ?? <Typography.Text type="secondary">{t('staff.noAccount')}</Typography.Text>,
              },
              {
                title: t('staff.col.roles'),
                dataIndex: 'roles',
                render: (roles: StaffRole[]) => <RoleTags roles={roles} />,
              },
              {
                title: t('staff.col.status'),
                key: 'status',
                render: (_, s) =>
                  !s.active ? (
                    <Badge status="default" text={t('staff.status.disabled')} />
                  ) : s.lockedUntil ? (
                    <Badge status="warning" text={t('staff.status.locked', { time: formatTime(s.lockedUntil) })} />
                  ) : (
                    <Badge status="success" text={t('staff.status.active')} />
                  ),
              },
              {
                title: t('staff.col.lastSignIn'),
                dataIndex: 'lastSignInAt',
                render: (at: number | null) =>
                  at ? formatTime(at) : <Typography.Text type="secondary">{t('staff.never')}</Typography.Text>,
              },
              {
                title: t('staff.col.actions'),
                key: 'actions',
                width: 280,
                render: (_, s) => {
                  const self = s.staffId === me.staffId;
                  return (
                    <Space size={4} wrap>
                      <Button
                        type="link"
                        size="small"
                        onClick={() => setEditing(s)}
                        aria-label={`${t('staff.editRoles')} ${s.name}`}
                      >
                        {t('staff.editRoles')}
                      </Button>
                      {s.login ? (
                        <Popconfirm
                          title={t('staff.resetConfirm', { name: s.name })}
                          onConfirm={() => reset.mutate({ body: { staffId: s.staffId } })}
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
                          onConfirm={() => active.mutate({ body: { staffId: s.staffId, active: false } })}
                          okText={t('common.confirm')}
                          cancelText={t('common.cancel')}
                          okButtonProps={{ danger: true }}
                          disabled={self}
                        >
                          <Button
                            type="link"
                            size="small"
                            danger
                            disabled={self}
                            aria-label={`${t('staff.disable')} ${s.name}`}
                          >
                            {t('staff.disable')}
                          </Button>
                        </Popconfirm>
                      ) : (
                        <Button
                          type="link"
                          size="small"
                          onClick={() => active.mutate({ body: { staffId: s.staffId, active: true } })}
                          aria-label={`${t('staff.enable')} ${s.name}`}
                        >
                          {t('staff.enable')}
                        </Button>
                      )}
                    </Space>
                  );
                },
              },
            ]}
          />
        )}
      </Card>
      <AddStaffModal
        open={adding}
        onClose={() => setAdding(false)}
        onAdded={(r) => {
          setAdding(false);
          setShown({
            title: t('staff.created.title', { name: r.staff.name }),
            password: r.password,
            login: r.staff.login,
            ...r.totp,
          });
        }}
      />
      <RolesModal staff={editing} onClose={() => setEditing(null)} />
      {shown ? <SecondFactorModal open {...shown} onClose={() => setShown(null)} /> : null}
    </div>
  );
}

type Added = { staff: ConsoleStaff; password: string; totp: { otpauthUri: string; qrSvg: string } };

function AddStaffModal({
  open,
  onClose,
  onAdded,
}: {
  open: boolean;
  onClose: () => void;
  onAdded: (r: Added) => void;
}) {
  const [form] = Form.useForm<{ staffId: string; name: string; login: string; roles: StaffRole[] }>();
  const add = useEndpointMutation('consoleStaffAdd', {
    invalidates: ['consoleStaffList'],
    onSuccess: (r) => {
      form.resetFields();
      onAdded(r);
    },
  });
  return (
    <Modal
      open={open}
      title={t('staff.add')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={add.isPending}
      destroyOnHidden
    >
      {add.error ? (
        <Alert type="error" showIcon title={add.error.message} style={{ marginBottom: 16 }} role="alert" />
      ) : null}
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(body) => add.mutate({ body })}
        initialValues={{ roles: ['operator'] }}
      >
        <Form.Item
          name="staffId"
          label={t('staff.form.staffId')}
          extra={t('staff.form.staffIdHint')}
          rules={[{ required: true, pattern: /^[A-Za-z0-9_-]{1,64}$/, message: t('staff.form.staffIdHint') }]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="name" label={t('staff.form.name')} rules={[{ required: true, max: 40 }]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="login"
          label={t('staff.form.login')}
          rules={[{ required: true, pattern: /^[A-Za-z0-9._@-]{3,64}$/ }]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="roles"
          label={t('staff.form.roles')}
          extra={t('staff.form.rolesHint')}
          // A validator, not `required`: the group is not a form control, and aria-required on it is invalid ARIA.
          rules={[
            {
              validator: async (_, v: StaffRole[] | undefined) => {
                if (!v?.length) throw new Error(t('staff.form.rolesHint'));
              },
            },
          ]}
        >
          <Checkbox.Group options={ROLE_CHOICES.map((r) => ({ value: r, label: roleLabel(r) }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function RolesModal({ staff, onClose }: { staff: ConsoleStaff | null; onClose: () => void }) {
  const [roles, setRoles] = useState<StaffRole[]>([]);
  const save = useEndpointMutation('consoleStaffRoles', { invalidates: ['consoleStaffList'], onSuccess: onClose });
  return (
    <Modal
      open={staff !== null}
      title={staff ? `${t('staff.editRoles')}：${staff.name}` : ''}
      onCancel={onClose}
      onOk={() =>
        staff &&
        // A clerk's counter role is not the console's to change: it is kept as it is.
        save.mutate({
          body: { staffId: staff.staffId, roles: staff.roles.includes('clerk') ? [...roles, 'clerk'] : roles },
        })
      }
      okButtonProps={{ disabled: roles.length === 0 }}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      afterOpenChange={(open) => open && staff && setRoles(staff.roles.filter((r) => r !== 'clerk'))}
      destroyOnHidden
    >
      {save.error ? (
        <Alert type="error" showIcon title={save.error.message} style={{ marginBottom: 16 }} role="alert" />
      ) : null}
      <Typography.Paragraph type="secondary">{t('staff.form.rolesHint')}</Typography.Paragraph>
      <Checkbox.Group
        value={roles}
        onChange={(v) => setRoles(v as StaffRole[])}
        options={ROLE_CHOICES.map((r) => ({ value: r, label: roleLabel(r) }))}
      />
    </Modal>
  );
}
