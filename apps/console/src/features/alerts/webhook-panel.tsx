import type { RouteData } from '@campaign/contract/client';
import { Alert, message as antdMessage, Button, Form, Input } from 'antd';
import { formatTime } from '../../shared/format';
import { useEndpointForm } from '../../shared/hooks/use-endpoint-form';
import { Panel } from '../../shared/panel';
import { t } from './messages';

type Webhook = RouteData<'consoleAlerts'>['webhook'];
type WebhookValues = { url: string; secret: string };

/** The corp's alert webhook: where it is, and (an admin) a new address and signing secret. */
export function WebhookPanel({ current, isAdmin }: { current: Webhook; isAdmin: boolean }) {
  return (
    <Panel title={t('alerts.webhook')} className="alerts-webhook">
      <p data-testid="webhook-current">
        {current
          ? t('alerts.webhookAt', {
              url: current.url,
              time: formatTime(current.updatedAt),
              by: current.updatedBy.name,
            })
          : t('alerts.webhookNone')}
      </p>
      {isAdmin ? <WebhookForm /> : <p className="muted">{t('alerts.adminOnly')}</p>}
    </Panel>
  );
}

function WebhookForm() {
  const [message, holder] = antdMessage.useMessage();
  const save = useEndpointForm<'consoleAlertWebhook', WebhookValues>('consoleAlertWebhook', {
    invalidates: ['consoleAlerts'],
    toPayload: (v) => ({ body: { url: (v.url ?? '').trim(), secret: v.secret ?? '' } }),
    onSuccess: () => {
      save.form.setFieldValue('secret', '');
      void message.success(t('alerts.saved'));
    },
  });
  const url = Form.useWatch('url', save.form) ?? '';
  const secret = Form.useWatch('secret', save.form) ?? '';
  return (
    <Form {...save.formProps} layout="horizontal" className="alerts-webhook__form" colon={false}>
      {holder}
      <Form.Item name="url" label={t('alerts.url')}>
        <Input placeholder="https://" />
      </Form.Item>
      <Form.Item name="secret" label={t('alerts.secret')} extra={t('alerts.secretHelp')}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item label=" ">
        <Button
          type="primary"
          htmlType="submit"
          loading={save.submitting}
          disabled={save.submitting || !url.trim() || secret.length < 16}
        >
          {t('alerts.save')}
        </Button>
      </Form.Item>
      {save.error ? (
        <Alert type="error" showIcon title={save.error.message} role="alert" className="alerts-webhook__error" />
      ) : null}
    </Form>
  );
}
