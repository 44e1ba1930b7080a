import type { RiskListEntry, RiskListType } from '@campaign/contract/client';
import { Alert, Form, Input, InputNumber, Modal, Radio, Select, Space } from 'antd';
import type { Rule } from 'antd/es/form';
import { useEndpointForm } from '../../shared/hooks/use-endpoint-form';
import { LIST_TYPE_OPTIONS } from './labels';
import { t } from './messages';

type Values = { type: RiskListType; value: string; reason: string; term: 'days' | 'forever'; days?: number | null };

const required = (message: string): Rule[] => [{ required: true, whitespace: true, message }];
const REASON_RULES: Rule[] = [
  {
    required: true,
    validator: async (_, v: unknown) => {
      if ([...(typeof v === 'string' ? v.trim() : '')].length < 2) throw new Error(t('risk.list.reasonMin'));
    },
  },
];
const DAYS_RULES: Rule[] = [
  {
    required: true,
    validator: async (_, v: unknown) => {
      if (typeof v !== 'number' || !Number.isInteger(v) || v < 1 || v > 365) throw new Error(t('risk.list.daysRange'));
    },
  },
];

/** 添加: a phone, device, address (or range) or invite code onto its list, with a reason and a term. */
export function ListAddModal(props: {
  open: boolean;
  /** The type the list is filtered by (the dialog starts on it). */
  type?: RiskListType;
  onClose: () => void;
  onAdded: (e: RiskListEntry) => void;
}) {
  const add = useEndpointForm<'riskListAdd', Values>('riskListAdd', {
    invalidates: ['riskLists'],
    toPayload: (v) => ({
      body: {
        type: v.type,
        value: v.value.trim(),
        reason: v.reason.trim(),
        days: v.term === 'forever' ? null : (v.days ?? null),
      },
    }),
    onSuccess: (e) => props.onAdded(e),
  });
  const type: RiskListType = Form.useWatch('type', add.form) ?? props.type ?? 'phone';
  const term = Form.useWatch('term', add.form) ?? 'days';
  return (
    <Modal
      open={props.open}
      title={t('risk.list.addTitle')}
      width={560}
      onCancel={props.onClose}
      onOk={add.submit}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={add.submitting}
      destroyOnHidden
    >
      {add.error ? (
        <Alert type="error" showIcon title={add.error.message} role="alert" style={{ marginBottom: 16 }} />
      ) : null}
      <Form {...add.formProps} preserve={false} initialValues={{ type: props.type ?? 'phone', term: 'days', days: 30 }}>
        <Form.Item name="type" label={t('risk.list.col.type')}>
          <Select options={LIST_TYPE_OPTIONS} />
        </Form.Item>
        <Form.Item
          name="value"
          label={t('risk.list.value')}
          extra={t(`risk.list.valueHint.${type}`)}
          rules={required(t('risk.editor.required', { field: t('risk.list.value') }))}
        >
          <Input autoComplete="off" maxLength={64} className="mono-input" />
        </Form.Item>
        <Form.Item name="reason" label={t('risk.list.reason')} rules={REASON_RULES}>
          <Input.TextArea rows={2} maxLength={200} showCount />
        </Form.Item>
        <Form.Item label={t('risk.list.term')} required>
          <Space align="start">
            <Form.Item name="term" noStyle>
              <Radio.Group
                optionType="button"
                options={[
                  { value: 'days', label: t('risk.list.term.days') },
                  { value: 'forever', label: t('risk.list.term.forever') },
                ]}
              />
            </Form.Item>
            {term === 'days' ? (
              <Form.Item name="days" noStyle rules={DAYS_RULES}>
                <InputNumber
                  aria-label={t('risk.list.days')}
                  min={1}
                  max={365}
                  precision={0}
                  suffix={t('risk.list.daysUnit')}
                  style={{ width: 140 }}
                />
              </Form.Item>
            ) : null}
          </Space>
        </Form.Item>
      </Form>
    </Modal>
  );
}
