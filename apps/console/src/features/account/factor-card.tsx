import type { RouteData } from '@campaign/contract/client';
import { Alert, Button, Card, Descriptions, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useEndpointMutation } from '../../api/queries';
import { useEndpointForm } from '../../shared/hooks/use-endpoint-form';
import { grouped, manualEntry, qrImageSource } from '../../shared/totp-key';
import { t } from './messages';

type Started = RouteData<'consoleAccountTotpStart'>;
type Values = { currentPassword: string; code: string };

/**
 * Re-enrolment of the second factor: a new secret's QR code, then the current password and a code from the
 * new secret; until then the old factor stays in force. Wrong password or code come back under their input.
 */
export function FactorCard() {
  const [done, setDone] = useState<string | null>(null);
  const [started, setStarted] = useState<Started | null>(null);
  const start = useEndpointMutation('consoleAccountTotpStart', { onSuccess: (r) => setStarted(r) });
  return (
    <Card title={t('account.factor.title')} className="account-card">
      {done ? <Alert type="success" showIcon title={done} className="account-alert" role="status" /> : null}
      <Typography.Paragraph type="secondary">{t('account.factor.intro')}</Typography.Paragraph>
      {start.error ? <Alert type="error" showIcon title={start.error.message} className="account-alert" /> : null}
      {started ? (
        <Confirm
          started={started}
          onCancel={() => setStarted(null)}
          onDone={(n) => {
            setStarted(null);
            setDone(n ? t('account.factor.done', { n }) : t('account.factor.doneAlone'));
          }}
        />
      ) : (
        <Button
          type="primary"
          loading={start.isPending}
          onClick={() => {
            setDone(null);
            start.mutate({ body: {} });
          }}
        >
          {t('account.factor.start')}
        </Button>
      )}
    </Card>
  );
}

function Confirm(props: { started: Started; onCancel: () => void; onDone: (otherSessionsEnded: number) => void }) {
  const { started } = props;
  const manual = manualEntry(started.otpauthUri);
  const { formProps, rules, error, submitting } = useEndpointForm<'consoleAccountTotpConfirm', Values>(
    'consoleAccountTotpConfirm',
    {
      toPayload: (v) => ({ body: { pending: started.pending, currentPassword: v.currentPassword, code: v.code } }),
      invalidates: ['consoleAccountSignIns'],
      onSuccess: (r) => props.onDone(r.otherSessionsEnded),
    },
  );
  return (
    <div>
      <Typography.Paragraph strong>{t('account.factor.scan')}</Typography.Paragraph>
      <div className="account-factor">
        <img src={qrImageSource(started.qrSvg)} alt={t('account.factor.qrAlt')} width={168} height={168} />
        <div>
          <Typography.Paragraph type="secondary" className="account-factor__manual">
            {t('account.factor.manual')}
          </Typography.Paragraph>
          <Descriptions column={1} size="small" bordered styles={{ label: { whiteSpace: 'nowrap' } }}>
            <Descriptions.Item label={t('account.factor.account')}>{manual.account}</Descriptions.Item>
            <Descriptions.Item label={t('account.factor.key')}>
              <Typography.Text code copyable={{ text: manual.key }} data-testid="new-setup-key">
                {grouped(manual.key)}
              </Typography.Text>
            </Descriptions.Item>
          </Descriptions>
        </div>
      </div>
      <Typography.Paragraph strong>{t('account.factor.confirmStep')}</Typography.Paragraph>
      <Form<Values> {...formProps} name="account-factor" requiredMark={false}>
        <div className="account-factor__fields">
          <Form.Item name="currentPassword" label={t('account.password.current')} rules={rules('currentPassword')}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Form.Item
            name="code"
            label={t('account.factor.code')}
            extra={t('account.factor.codeHint')}
            rules={rules('code')}
          >
            <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
          </Form.Item>
        </div>
        {error ? <Alert type="error" showIcon title={error.message} className="account-alert" /> : null}
        <Typography.Paragraph type="secondary" className="account-factor__note">
          {t('account.factor.pendingNote')}
        </Typography.Paragraph>
        <div className="account-actions">
          <Button type="primary" htmlType="submit" loading={submitting}>
            {t('account.factor.submit')}
          </Button>
          <Button onClick={props.onCancel} disabled={submitting}>
            {t('account.factor.cancel')}
          </Button>
        </div>
      </Form>
    </div>
  );
}
