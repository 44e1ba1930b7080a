import { Button, Space, Table, type TableColumnsType, Tooltip } from 'antd';
import { formatTime } from '../../shared/format';
import { DeadlineText, KeyLines, KindTag, StatusText } from './queue-cells';
import { qt } from './queue-messages';
import { type Decision, decisionWord, type ReviewCase } from './queue-model';

export interface QueueHandlers {
  /** The signed-in person decides (an approver); an auditor reads. */
  canDecide: boolean;
  /** The 已处理 list: decisions are shown, not offered. */
  done: boolean;
  now: number;
  open: (c: ReviewCase) => void;
  decide: (cases: ReviewCase[], d: Decision) => void;
}

function rowActions(c: ReviewCase, on: QueueHandlers) {
  const button = (d: Decision) => {
    const action = decisionWord([c.kind], d);
    return (
      <Button
        key={d}
        type="link"
        size="small"
        danger={d === 'reject'}
        disabled={!c.canDecide}
        aria-label={qt('risk.queue.rowAction', { action, title: c.title })}
        onClick={() => on.decide([c], d)}
      >
        {action}
      </Button>
    );
  };
  return (
    <Tooltip title={c.canDecide ? undefined : qt('risk.queue.own')}>
      <Space size={[4, 0]} wrap>
        {button('approve')}
        {button('reject')}
      </Space>
    </Tooltip>
  );
}

function columns(on: QueueHandlers): TableColumnsType<ReviewCase> {
  const cols: TableColumnsType<ReviewCase> = [
    {
      title: qt('risk.queue.col.title'),
      key: 'title',
      width: 260,
      render: (_, c) => (
        <button
          type="button"
          className="risk-case-link"
          aria-label={qt('risk.queue.open', { title: c.title })}
          onClick={() => on.open(c)}
        >
          {c.title}
        </button>
      ),
    },
    { title: qt('risk.queue.col.kind'), key: 'kind', width: 130, render: (_, c) => <KindTag kind={c.kind} /> },
    {
      title: qt('risk.queue.col.requested'),
      dataIndex: 'requestedAt',
      width: 140,
      render: (at: number) => formatTime(at),
    },
    on.done
      ? { title: qt('risk.queue.col.result'), key: 'result', width: 190, render: (_, c) => <StatusText item={c} /> }
      : {
          title: qt('risk.queue.col.due'),
          key: 'due',
          width: 110,
          render: (_, c) => <DeadlineText dueAt={c.dueAt} now={on.now} />,
        },
    { title: qt('risk.queue.col.context'), key: 'context', render: (_, c) => <KeyLines item={c} /> },
  ];
  if (!on.canDecide || on.done) return cols;
  return [
    ...cols,
    { title: qt('risk.queue.col.actions'), key: 'actions', width: 170, render: (_, c) => rowActions(c, on) },
  ];
}

/** One list of cases (the whole queue, or one device's or address's), its rows selectable when decidable. */
export function QueueTable({
  cases,
  on,
  selected,
  select,
  loading,
  empty,
}: {
  cases: ReviewCase[];
  on: QueueHandlers;
  selected: string[];
  select: (ids: string[], onThisTable: string[]) => void;
  loading: boolean;
  empty: string;
}) {
  const selectable = on.canDecide && !on.done;
  const here = cases.map((c) => c.id);
  return (
    <Table<ReviewCase>
      rowKey="id"
      size="middle"
      loading={loading}
      dataSource={cases}
      columns={columns(on)}
      pagination={cases.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
      locale={{ emptyText: empty }}
      rowSelection={
        selectable
          ? {
              selectedRowKeys: selected.filter((id) => here.includes(id)),
              onChange: (keys) => select(keys.map(String), here),
              getCheckboxProps: (c) => ({ disabled: !c.canDecide, 'aria-label': c.title }),
            }
          : undefined
      }
    />
  );
}
