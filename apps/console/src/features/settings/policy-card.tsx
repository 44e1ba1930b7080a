import type { ApprovalPolicy, CorpSettings } from '@campaign/contract/client';
import { Alert, message as antdMessage, Button, Card, Checkbox, Form, InputNumber, Space, Typography } from 'antd';
import { useEffect } from 'react';
import { formatTime, yuan } from '../../shared/format';
import { useEndpointForm } from '../../shared/hooks/use-endpoint-form';
import { t } from './messages';

type PolicyValues = { required: number; tiered: boolean; budgetYuan: number | null; aboveRequired: number };

function policySummary(p: ApprovalPolicy) {
  return (
    t('settings.policy.summary', { n: p.required }) +
    (p.above ? t('settings.policy.summaryAbove', { budget: yuan(p.above.budgetCents), n: p.above.required }) : '')
  );
}

function valuesOf(s: CorpSettings): PolicyValues {
  const p = s.approvalPolicy;
  return {
    required: p.required,
    tiered: p.above !== null,
    budgetYuan: p.above ? p.above.budgetCents / 100 : 50_000,
    aboveRequired: p.above?.required ?? Math.min(2, Math.max(s.approvers, 1)),
  };
}

/** The server names the body's fields; the form's inputs are in yuan and flat. */
const POLICY_FIELDS: Record<string, string> = {
  'body.required': 'required',
  'body.above.budgetCents': 'budgetYuan',
  'body.above.required': 'aboveRequired',
};

export function PolicyCard({ s, isAdmin }: { s: CorpSettings; isAdmin: boolean }) {
  return (
    <Card
      title={t('settings.policy.title')}
      extra={!isAdmin ? <Typography.Text type="secondary">{t('common.readOnly')}</Typography.Text> : null}
    >
      <Typography.Paragraph type="secondary">{t('settings.policy.desc', { m: s.approvers })}</Typography.Paragraph>
      <Typography.Paragraph strong data-testid="policy-summary">
        {policySummary(s.approvalPolicy)}
      </Typography.Paragraph>
      {s.updatedBy && s.updatedAt ? (
        <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
          {t('settings.policy.updated', { name: s.updatedBy.name, time: formatTime(s.updatedAt) })}
        </Typography.Paragraph>
      ) : null}
      {isAdmin ? <PolicyForm s={s} /> : null}
    </Card>
  );
}

function PolicyForm({ s }: { s: CorpSettings }) {
  const [message, messageHolder] = antdMessage.useMessage();
  const save = useEndpointForm<'consoleSetApprovalPolicy', PolicyValues>('consoleSetApprovalPolicy', {
    invalidates: ['consoleSettings'],
    toPayload: (v) => ({
      body: {
        required: v.required,
        above:
          v.tiered && v.budgetYuan ? { budgetCents: Math.round(v.budgetYuan * 100), required: v.aboveRequired } : null,
      },
    }),
    fieldName: (path) => (POLICY_FIELDS[path] ? [POLICY_FIELDS[path]] : null),
    onSuccess: () => void message.success(t('common.saved')),
  });
  const { form } = save;
  // A saved policy (here or by another admin) is what the form shows next.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the saved policy is the form's source
  useEffect(() => form.setFieldsValue(valuesOf(s)), [s.approvalPolicy]);
  const tiered = Form.useWatch('tiered', form);
  const max = Math.max(1, s.approvers);
  return (
    <>
      {messageHolder}
      <Form {...save.formProps} layout="inline" className="settings-policy" initialValues={valuesOf(s)}>
        <Form.Item label={t('settings.policy.required')} htmlFor="policy-required">
          <Space>
            <Form.Item name="required" noStyle>
              <InputNumber id="policy-required" min={1} max={max} />
            </Form.Item>
            <span>{t('settings.policy.people')}</span>
          </Space>
        </Form.Item>
        <Form.Item name="tiered" valuePropName="checked">
          <Checkbox>{t('settings.policy.above')}</Checkbox>
        </Form.Item>
        {tiered ? (
          <>
            <Form.Item name="budgetYuan" label={t('settings.policy.budget')}>
              <InputNumber min={1} step={10_000} style={{ width: 160 }} />
            </Form.Item>
            <Form.Item name="aboveRequired" label={t('settings.policy.aboveRequired')}>
              <InputNumber min={1} max={max} />
            </Form.Item>
          </>
        ) : null}
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={save.submitting}>
            {t('common.save')}
          </Button>
        </Form.Item>
      </Form>
      {save.error ? (
        <Alert type="error" showIcon title={save.error.message} style={{ marginTop: 16 }} role="alert" />
      ) : null}
    </>
  );
}
