import type { ConsoleStaff, RouteData, StaffRole } from '@campaign/contract/client';
import { Alert, Checkbox, Form, Input, Modal, Typography } from 'antd';
import { useEndpointForm } from '../../shared/hooks/use-endpoint-form';
import { roleLabel } from '../../shared/role-tags';
import { t } from './messages';

const ROLE_CHOICES: StaffRole[] = ['operator', 'approver', 'auditor', 'admin'];
const roleOptions = () => ROLE_CHOICES.map((r) => ({ value: r, label: roleLabel(r) }));

// A validator, not `required`: the group is not a form control, and aria-required on it is invalid ARIA.
const someRole = {
  validator: async (_: unknown, v: StaffRole[] | undefined) => {
    if (!v?.length) throw new Error(t('staff.form.rolesHint'));
  },
};

const refusal = (error: Error | null) =>
  error ? <Alert type="error" showIcon title={error.message} style={{ marginBottom: 16 }} role="alert" /> : null;

type Added = RouteData<'consoleStaffAdd'>;
type AddValues = { staffId: string; name: string; login: string; roles: StaffRole[] };

export function AddStaffModal(props: { open: boolean; onClose: () => void; onAdded: (r: Added) => void }) {
  const add = useEndpointForm<'consoleStaffAdd', AddValues>('consoleStaffAdd', {
    invalidates: ['consoleStaffList'],
    onSuccess: (r) => {
      add.form.resetFields();
      props.onAdded(r);
    },
  });
  return (
    <Modal
      open={props.open}
      title={t('staff.add')}
      onCancel={props.onClose}
      onOk={add.submit}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={add.submitting}
      destroyOnHidden
    >
      {refusal(add.error)}
      <Form {...add.formProps} requiredMark={false} initialValues={{ roles: ['operator'] }}>
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
        <Form.Item name="roles" label={t('staff.form.roles')} extra={t('staff.form.rolesHint')} rules={[someRole]}>
          <Checkbox.Group options={roleOptions()} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export function RolesModal({ staff, onClose }: { staff: ConsoleStaff | null; onClose: () => void }) {
  const save = useEndpointForm<'consoleStaffRoles', { roles: StaffRole[] }>('consoleStaffRoles', {
    invalidates: ['consoleStaffList'],
    // A clerk's counter role is not the console's to change: it is kept as it is.
    toPayload: ({ roles }) => ({
      body: { staffId: staff?.staffId ?? '', roles: staff?.roles.includes('clerk') ? [...roles, 'clerk'] : roles },
    }),
    onSuccess: onClose,
  });
  const roles = Form.useWatch('roles', save.form) ?? [];
  return (
    <Modal
      open={staff !== null}
      title={staff ? t('staff.editRoles.title', { name: staff.name }) : ''}
      onCancel={onClose}
      onOk={save.submit}
      okButtonProps={{ disabled: roles.length === 0 }}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.submitting}
      destroyOnHidden
    >
      {refusal(save.error)}
      <Typography.Paragraph type="secondary">{t('staff.form.rolesHint')}</Typography.Paragraph>
      {/* Keyed and not preserved: the next staff member's dialog starts from their own roles. */}
      <Form
        {...save.formProps}
        key={staff?.staffId}
        preserve={false}
        initialValues={{ roles: staff?.roles.filter((r) => r !== 'clerk') ?? [] }}
      >
        <Form.Item name="roles" noStyle>
          <Checkbox.Group options={roleOptions()} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
