import { Alert, App, Form, Input, Modal, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { useEndpointForm } from '../../shared/hooks/use-endpoint-form';
import { t } from './messages';
import type { ReviewCase } from './queue-model';

type Values = { reason?: string };

const REASON_RULES: Rule[] = [
  {
    required: true,
    validator: async (_, v: unknown) => {
      if ([...(typeof v === 'string' ? v.trim() : '')].length < 2) throw new Error(t('risk.reversal.reasonMin'));
    },
  },
];

/** 申请撤销: a decided risk case sent, with a reason, to a second person who reverses it (ADR 0393). */
export function ReversalModal({ target, onClose }: { target: ReviewCase | null; onClose: () => void }) {
  const { message } = App.useApp();
  const ask = useEndpointForm<'riskReversalRequest', Values>('riskReversalRequest', {
    toPayload: (v) => ({ body: { id: target?.id ?? '', reason: (v.reason ?? '').trim() } }),
    invalidates: ['consoleRequests'],
    onSuccess: () => {
      void message.success(t('risk.reversal.sent'));
      onClose();
    },
  });
  return (
    <Modal
      open={target !== null}
      title={t('risk.reversal.title')}
      onCancel={onClose}
      onOk={ask.submit}
      okText={t('risk.reversal.submit')}
      cancelText={t('common.cancel')}
      confirmLoading={ask.submitting}
      destroyOnHidden
    >
      <Typography.Paragraph strong>{target?.title}</Typography.Paragraph>
      <Typography.Paragraph type="secondary">{t('risk.reversal.hint')}</Typography.Paragraph>
      {ask.error ? <Alert type="error" showIcon role="alert" title={ask.error.message} className="risk-gap" /> : null}
      <Form {...ask.formProps} preserve={false}>
        <Form.Item name="reason" label={t('risk.reversal.reason')} rules={REASON_RULES}>
          <Input.TextArea rows={3} maxLength={200} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
