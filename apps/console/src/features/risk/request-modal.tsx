import type { RiskRulesetSummary } from '@campaign/contract/client';
import { Alert, App, Form, Input, InputNumber, Modal, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { useEndpointForm } from '../../shared/hooks/use-endpoint-form';
import { t } from './messages';

export type RequestMode = 'canary' | 'enforce';
type Values = { canaryPct?: number | null; note?: string };

// The contract's checks of riskRulesetRequest, in its words: the dialog refuses before a round trip.
const PCT_RULES: Rule[] = [
  {
    validator: async (_, v: unknown) => {
      if (typeof v !== 'number' || !Number.isInteger(v) || v < 1 || v > 99) throw new Error(t('risk.request.pctRange'));
    },
  },
];
const NOTE_RULES: Rule[] = [
  {
    required: true,
    validator: async (_, v: unknown) => {
      const text = typeof v === 'string' ? v.trim() : '';
      if ([...text].length < 2) throw new Error(t('risk.request.noteMin'));
      if ([...text].length > 500) throw new Error(t('risk.request.noteMax'));
    },
  },
];

/**
 * 申请灰度 / 申请生效: the share of customers (canary) and the reason, sent for a second person's approval
 * (approvals kind `risk-ruleset`, the server attaches the shadow report).
 */
export function RequestModal({
  target,
  onClose,
}: {
  target: { ruleset: RiskRulesetSummary; mode: RequestMode } | null;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const mode = target?.mode ?? 'enforce';
  const r = target?.ruleset;
  const request = useEndpointForm<'riskRulesetRequest', Values>('riskRulesetRequest', {
    toPayload: (v) => ({
      body: {
        id: r?.id ?? '',
        mode,
        ...(mode === 'canary' ? { canaryPct: v.canaryPct ?? undefined } : {}),
        note: (v.note ?? '').trim(),
      },
    }),
    invalidates: ['riskRulesets'],
    onSuccess: () => {
      void message.success(t('risk.request.sent'));
      onClose();
    },
  });
  const title = r ? t(`risk.request.${mode}`, { name: r.name, version: r.version }) : '';
  return (
    <Modal
      open={target !== null}
      title={title}
      width={560}
      onCancel={onClose}
      onOk={request.submit}
      okText={t('risk.request.submit')}
      cancelText={t('common.cancel')}
      confirmLoading={request.submitting}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        {t(mode === 'canary' ? 'risk.request.canaryHint' : 'risk.request.enforceHint')}
      </Typography.Paragraph>
      {request.error ? (
        <Alert type="error" showIcon title={request.error.message} role="alert" style={{ marginBottom: 16 }} />
      ) : null}
      <Form
        {...request.formProps}
        key={`${r?.id}-${mode}`}
        preserve={false}
        initialValues={{ canaryPct: r?.mode === 'canary' ? r.canaryPct : 10 }}
      >
        {mode === 'canary' ? (
          <Form.Item name="canaryPct" label={t('risk.request.pct')} rules={PCT_RULES} required>
            <InputNumber min={1} max={99} precision={0} suffix="%" style={{ width: 160 }} />
          </Form.Item>
        ) : null}
        <Form.Item name="note" label={t('risk.request.note')} rules={NOTE_RULES}>
          <Input.TextArea rows={4} maxLength={500} showCount placeholder={t('risk.request.notePlaceholder')} />
        </Form.Item>
      </Form>
      <Typography.Text type="secondary">{t('risk.request.secondPerson')}</Typography.Text>
    </Modal>
  );
}
