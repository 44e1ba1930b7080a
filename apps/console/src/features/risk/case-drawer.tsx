import { Button, Descriptions, Drawer, Space, Tag, Typography } from 'antd';
import { formatTime } from '../../shared/format';
import { t } from './messages';
import { DeadlineText, KindTag, StatusText } from './queue-cells';
import { qt } from './queue-messages';
import type { Decision, ReviewCase } from './queue-model';
import { decisionWord } from './queue-model';

/**
 * One case whole: who asked and when, its deadline, and every context line as the server wrote it (the ruleset
 * request's 规则差异 and 各规则命中 run over several lines: kept). Decided from here as from its row.
 */
export function CaseDrawer({
  item,
  canDecide,
  now,
  onClose,
  onDecide,
  onReverse,
}: {
  item: ReviewCase | null;
  canDecide: boolean;
  now: number;
  onClose: () => void;
  onDecide: (c: ReviewCase, d: Decision) => void;
  /** 申请撤销 of a decided held prize or appeal (a second person reverses it); absent: not offered. */
  onReverse?: (c: ReviewCase) => void;
}) {
  const decidable = item !== null && canDecide && item.canDecide;
  // What the server can reverse (ADR 0393): a decided appeal, a returned hold; a released prize is never taken back.
  const reversible =
    item !== null &&
    onReverse !== undefined &&
    ((item.kind === 'risk-appeal' && (item.status === 'approved' || item.status === 'rejected')) ||
      (item.kind === 'prize-award' && item.status === 'rejected'));
  const extra = decidable ? (
    <Space>
      <Button danger onClick={() => onDecide(item, 'reject')}>
        {decisionWord([item.kind], 'reject')}
      </Button>
      <Button type="primary" onClick={() => onDecide(item, 'approve')}>
        {decisionWord([item.kind], 'approve')}
      </Button>
    </Space>
  ) : reversible ? (
    <Button onClick={() => onReverse(item)}>{t('risk.reversal.open')}</Button>
  ) : null;
  return (
    <Drawer open={item !== null} onClose={onClose} width={640} title={item?.title} extra={extra} destroyOnHidden>
      {item ? (
        <>
          <Descriptions column={1} size="small" bordered className="risk-case-head">
            <Descriptions.Item label={qt('risk.queue.col.kind')}>
              <KindTag kind={item.kind} />
            </Descriptions.Item>
            <Descriptions.Item label={qt('risk.queue.detail.requestedBy')}>{item.requestedBy.name}</Descriptions.Item>
            <Descriptions.Item label={qt('risk.queue.detail.requestedAt')}>
              {formatTime(item.requestedAt)}
            </Descriptions.Item>
            <Descriptions.Item
              label={qt(item.status === 'pending' ? 'risk.queue.detail.due' : 'risk.queue.detail.status')}
            >
              {item.status === 'pending' ? <DeadlineText dueAt={item.dueAt} now={now} /> : <StatusText item={item} />}
            </Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5} className="risk-case-title">
            {qt('risk.queue.detail.context')}
          </Typography.Title>
          <Descriptions column={1} size="small" bordered className="risk-case-lines">
            {item.context.map((l) => (
              <Descriptions.Item key={l.label} label={l.label}>
                <span className="risk-case-value">{l.value}</span>
              </Descriptions.Item>
            ))}
          </Descriptions>
          <Typography.Paragraph type="secondary" className="risk-small risk-case-id">
            {qt('risk.queue.detail.id')}{' '}
            <Tag bordered={false} className="mono">
              {item.id}
            </Tag>
          </Typography.Paragraph>
        </>
      ) : null}
    </Drawer>
  );
}
