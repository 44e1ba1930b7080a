import type { RouteData } from '@campaign/contract/client';
import { Alert, Form, Input, Modal, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { useEndpointForm } from '../../shared/hooks/use-endpoint-form';
import { qt } from './queue-messages';
import { type Decision, decisionHint, decisionWord, type ReviewCase } from './queue-model';

export type DecideResult = RouteData<'consoleRequestDecide'>;
type Values = { comment?: string };

/** The contract's check of a reject's comment (APPROVAL_COMMENT_REQUIRED, 5103), refused before a round trip. */
const commentRules = (decision: Decision): Rule[] => [
  {
    required: decision === 'reject',
    validator: async (_, v: unknown) => {
      const text = typeof v === 'string' ? v.trim() : '';
      if (decision === 'reject' && [...text].length < 2) throw new Error(qt('risk.queue.decide.commentMin'));
      if ([...text].length > 200) throw new Error(qt('risk.queue.decide.commentMax'));
    },
  },
];

/**
 * One decision on the chosen cases (one row's or the selection's): what it does in the kind's words, the
 * approver's 意见 (required to reject), sent as one consoleRequestDecide.
 */
export function DecideModal({
  target,
  onClose,
  onDecided,
}: {
  target: { cases: ReviewCase[]; decision: Decision } | null;
  onClose: () => void;
  onDecided: (result: DecideResult, cases: ReviewCase[]) => void;
}) {
  const decision = target?.decision ?? 'approve';
  const cases = target?.cases ?? [];
  const kinds = cases.map((c) => c.kind);
  const action = decisionWord(kinds, decision);
  const hint = decisionHint(kinds, decision);
  const decide = useEndpointForm<'consoleRequestDecide', Values>('consoleRequestDecide', {
    toPayload: (v) => {
      const comment = (v.comment ?? '').trim();
      return { body: { ids: cases.map((c) => c.id), decision, ...(comment ? { comment } : {}) } };
    },
    invalidates: ['consoleRequests', 'riskRulesets'],
    onSuccess: (result) => onDecided(result, cases),
  });
  const single = cases.length === 1 ? cases[0] : undefined;
  return (
    <Modal
      open={target !== null}
      title={qt('risk.queue.decide.title', { action, n: cases.length })}
      width={520}
      onCancel={onClose}
      onOk={decide.submit}
      okText={qt('risk.queue.decide.submit', { action })}
      okButtonProps={{ danger: decision === 'reject' }}
      cancelText={qt('common.cancel')}
      confirmLoading={decide.submitting}
      destroyOnHidden
    >
      {single ? <Typography.Paragraph strong>{single.title}</Typography.Paragraph> : null}
      {hint ? <Typography.Paragraph type="secondary">{hint}</Typography.Paragraph> : null}
      {decide.error ? (
        <Alert type="error" showIcon title={decide.error.message} role="alert" style={{ marginBottom: 16 }} />
      ) : null}
      <Form {...decide.formProps} key={`${decision}-${cases.map((c) => c.id).join()}`} preserve={false}>
        <Form.Item
          name="comment"
          label={qt(decision === 'reject' ? 'risk.queue.decide.comment' : 'risk.queue.decide.commentOptional')}
          rules={commentRules(decision)}
        >
          <Input.TextArea
            rows={3}
            maxLength={200}
            showCount
            placeholder={decision === 'reject' ? qt('risk.queue.decide.placeholderReject') : undefined}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
