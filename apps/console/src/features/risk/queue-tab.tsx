import { Alert, App, Select, Space, Switch } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useEndpointQuery } from '../../api/queries';
import { LoadFailed } from '../../shared/load-failed';
import { CaseDrawer } from './case-drawer';
import { DecideModal, type DecideResult } from './decide-modal';
import { qt } from './queue-messages';
import { type Decision, FILTER_KINDS, type Grouping, isFilterKind, type ReviewCase } from './queue-model';
import { BulkBar, Groups, RefusedList } from './queue-parts';
import type { QueueHandlers } from './queue-table';
import { ReversalModal } from './reversal-modal';

const GROUPINGS: Grouping[] = ['none', 'device', 'ip'];
const KIND_OPTIONS = [
  { value: '', label: qt('risk.queue.filter.all') },
  ...FILTER_KINDS.map((k) => ({ value: k, label: qt(`risk.queue.filter.${k}`) })),
];
const GROUP_OPTIONS = GROUPINGS.map((g) => ({ value: g, label: qt(`risk.queue.group.${g}`) }));

type Refused = { title: string; message: string }[];

/** The URL keeps the view: ?tab=queue&kind=…&status=done&group=device|ip. */
function useQueueView() {
  const [params, setParams] = useSearchParams();
  const kindParam = params.get('kind');
  const kind = isFilterKind(kindParam) ? kindParam : undefined;
  const done = params.get('status') === 'done';
  const groupParam = params.get('group') as Grouping | null;
  const group: Grouping = groupParam && GROUPINGS.includes(groupParam) ? groupParam : 'none';
  const set = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    setParams(next);
  };
  return { kind, done, group, set };
}

/** 类型, 已处理 and 分组: a new filter starts a new selection. */
function QueueFilters({
  view,
  refilter,
}: {
  view: ReturnType<typeof useQueueView>;
  refilter: (changes: Record<string, string | undefined>) => void;
}) {
  return (
    <Space size={16} wrap>
      <Select
        aria-label={qt('risk.queue.filter')}
        style={{ width: 220 }}
        value={view.kind ?? ''}
        options={KIND_OPTIONS}
        onChange={(v: string) => refilter({ kind: v || undefined })}
      />
      <Space size={8}>
        <Switch
          checked={view.done}
          aria-label={qt('risk.queue.done')}
          onChange={(on) => refilter({ status: on ? 'done' : undefined })}
        />
        <span aria-hidden>{qt('risk.queue.done')}</span>
      </Space>
      <Space size={8}>
        <span aria-hidden>{qt('risk.queue.group')}</span>
        <Select
          aria-label={qt('risk.queue.group')}
          style={{ width: 120 }}
          value={view.group}
          options={GROUP_OPTIONS}
          onChange={(g: Grouping) => view.set({ group: g === 'none' ? undefined : g })}
        />
      </Space>
    </Space>
  );
}

/**
 * 复核队列: what waits for a second person (held prizes, appeals, ruleset requests) with its deadline and the
 * lines that decide it, grouped by device or address to see a farm at once, decided one by one or in bulk.
 */
export function QueueTab({ canDecide }: { canDecide: boolean }) {
  const { message } = App.useApp();
  const view = useQueueView();
  const list = useEndpointQuery('consoleRequests', {
    query: { kind: view.kind, status: view.done ? 'done' : 'pending' },
  });
  const [selected, setSelected] = useState<string[]>([]);
  const [openId, setOpenId] = useState<string | null>(null);
  const [deciding, setDeciding] = useState<{ cases: ReviewCase[]; decision: Decision } | null>(null);
  const [refused, setRefused] = useState<Refused>([]);
  const [reversing, setReversing] = useState<ReviewCase | null>(null);
  const items = list.data?.items ?? [];
  const chosen = items.filter((c) => selected.includes(c.id) && c.canDecide);
  const now = Date.now();
  const on: QueueHandlers = {
    canDecide,
    done: view.done,
    now,
    open: (c) => setOpenId(c.id),
    decide: (cases, decision) => setDeciding({ cases, decision }),
  };
  const decided = (result: DecideResult, cases: ReviewCase[]) => {
    setDeciding(null);
    setSelected((s) => s.filter((id) => !result.decided.includes(id)));
    const titleOf = (id: string) => cases.find((c) => c.id === id)?.title ?? id;
    setRefused(result.refused.map((r) => ({ title: titleOf(r.id), message: r.message })));
    if (result.decided.length > 0) void message.success(qt('risk.queue.decided', { n: result.decided.length }));
  };
  const refilter = (changes: Record<string, string | undefined>) => {
    setSelected([]);
    setRefused([]);
    view.set(changes);
  };
  const empty = qt(view.done ? 'risk.queue.emptyDone' : view.kind ? 'risk.queue.emptyKind' : 'risk.queue.empty');
  return (
    <>
      <div className="risk-toolbar">
        <QueueFilters view={view} refilter={refilter} />
        {canDecide && !view.done ? (
          <BulkBar
            chosen={chosen}
            onDecide={(d) => setDeciding({ cases: chosen, decision: d })}
            onClear={() => setSelected([])}
          />
        ) : null}
      </div>
      {canDecide ? null : <Alert className="risk-gap" type="info" showIcon title={qt('risk.queue.readOnly')} />}
      {refused.length > 0 ? <RefusedList refused={refused} onClose={() => setRefused([])} /> : null}
      {list.error ? (
        <LoadFailed error={list.error} retry={list.refetch} />
      ) : (
        <Groups
          cases={items}
          group={view.group}
          on={on}
          loading={list.isPending}
          empty={empty}
          selected={selected}
          setSelected={setSelected}
        />
      )}
      <CaseDrawer
        item={items.find((c) => c.id === openId) ?? null}
        canDecide={canDecide && !view.done}
        now={now}
        onClose={() => setOpenId(null)}
        onDecide={(c, d) => setDeciding({ cases: [c], decision: d })}
        onReverse={canDecide && view.done ? setReversing : undefined}
      />
      <ReversalModal target={reversing} onClose={() => setReversing(null)} />
      <DecideModal target={deciding} onClose={() => setDeciding(null)} onDecided={decided} />
    </>
  );
}
