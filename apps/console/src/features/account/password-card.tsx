import { Alert, Button, Card, Form, Input } from 'antd';
import type { Rule } from 'antd/es/form';
import { useState } from 'react';
import { useEndpointForm } from '../../shared/hooks/use-endpoint-form';
import { t } from './messages';

type Values = { currentPassword: string; newPassword: string; confirmPassword: string };

/** The server's policy, checked as the member types (the server checks it again). */
const policy: Rule = {
  validator: async (_, v: unknown) => {
    if (typeof v === 'string' && v.length > 0 && (v.length < 10 || !/[A-Za-z]/.test(v) || !/\d/.test(v)))
      throw new Error(t('account.password.policy'));
  },
};

/** Current password and the new one twice; a wrong current one comes back under its input. */
export function PasswordCard() {
  // A lasting note, not a toast: the person reads how many other sign-ins ended.
  const [done, setDone] = useState<string | null>(null);
  const { form, formProps, rules, error, submitting } = useEndpointForm<'consoleAccountPassword', Values>(
    'consoleAccountPassword',
    {
      toPayload: (v) => ({ body: { currentPassword: v.currentPassword, newPassword: v.newPassword } }),
      invalidates: ['consoleAccount', 'consoleAccountSignIns'],
      onSuccess: (r) => {
        form.resetFields();
        setDone(
          r.otherSessionsEnded
            ? t('account.password.done', { n: r.otherSessionsEnded })
            : t('account.password.doneAlone'),
        );
      },
    },
  );
  const same: Rule = ({ getFieldValue }) => ({
    validator: async (_, v: unknown) => {
      if (v && v !== getFieldValue('newPassword')) throw new Error(t('account.password.mismatch'));
    },
  });
  return (
    <Card title={t('account.password.title')} className="account-card">
      {done ? <Alert type="success" showIcon title={done} className="account-alert" role="status" /> : null}
      <Form<Values> {...formProps} name="account-password" requiredMark={false} onValuesChange={() => setDone(null)}>
        <Form.Item name="currentPassword" label={t('account.password.current')} rules={rules('currentPassword')}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label={t('account.password.new')}
          extra={t('account.password.newHint')}
          rules={[...rules('newPassword'), policy]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t('account.password.confirm')}
          dependencies={['newPassword']}
          rules={[{ required: true, message: t('form.required') }, same]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        {error ? <Alert type="error" showIcon title={error.message} className="account-alert" /> : null}
        <Button type="primary" htmlType="submit" loading={submitting}>
          {t('account.password.submit')}
        </Button>
      </Form>
    </Card>
  );
}
