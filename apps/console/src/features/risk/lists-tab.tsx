import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import type { RiskListEntry } from '@campaign/contract/client';
import { App, Button, Empty, Popconfirm, Select, Space, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useEndpointMutation } from '../../api/queries';
import { formatTime } from '../../shared/format';
import { useListPage } from '../../shared/hooks/use-list-page';
import { LoadFailed } from '../../shared/load-failed';
import { isListType, LIST_TYPE_OPTIONS, listTypeLabel, sourceLabel } from './labels';
import { ListAddModal } from './list-add-modal';
import { ListImportModal } from './list-import-modal';
import { t } from './messages';

function columns(canWrite: boolean, remove: (e: RiskListEntry) => void): TableColumnsType<RiskListEntry> {
  const cols: TableColumnsType<RiskListEntry> = [
    { title: t('risk.list.col.type'), dataIndex: 'type', width: 90, render: listTypeLabel },
    {
      title: t('risk.list.col.value'),
      dataIndex: 'shown',
      width: 200,
      render: (v: string) => <span className="mono">{v}</span>,
    },
    { title: t('risk.list.col.reason'), dataIndex: 'reason' },
    { title: t('risk.list.col.source'), dataIndex: 'source', width: 80, render: sourceLabel },
    { title: t('risk.list.col.owner'), key: 'owner', width: 100, render: (_, e) => e.owner.name },
    {
      title: t('risk.list.col.expires'),
      dataIndex: 'expiresAt',
      width: 150,
      render: (at: number | null) =>
        at === null ? <Typography.Text type="secondary">{t('risk.list.forever')}</Typography.Text> : formatTime(at),
    },
    { title: t('risk.list.col.created'), dataIndex: 'createdAt', width: 150, render: (at: number) => formatTime(at) },
  ];
  if (!canWrite) return cols;
  return [
    ...cols,
    {
      title: t('risk.list.col.actions'),
      key: 'actions',
      width: 80,
      render: (_, e) => (
        <Popconfirm
          title={t('risk.list.removeConfirm', { value: e.shown, type: listTypeLabel(e.type) })}
          okText={t('risk.list.remove')}
          cancelText={t('common.cancel')}
          okButtonProps={{ danger: true }}
          onConfirm={() => remove(e)}
        >
          <Button type="link" size="small" danger aria-label={t('risk.list.removeOf', { value: e.shown })}>
            {t('risk.list.remove')}
          </Button>
        </Popconfirm>
      ),
    },
  ];
}

/** 风险名单: the entries in force by type (the URL keeps the type), added with a reason and a term, removed on confirm. */
export function ListsTab({ canWrite }: { canWrite: boolean }) {
  const { message } = App.useApp();
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const list = useListPage('riskLists', {
    filters: ['type'],
    toQuery: ({ filters }) => ({ type: isListType(filters.type) ? filters.type : undefined }),
    // Not paged by the server (the entries in force): the table pages what came.
    rows: (d) => ({ items: d.items, total: d.items.length }),
    rowKey: 'id',
  });
  const remove = useEndpointMutation('riskListRemove', {
    invalidates: ['riskLists'],
    onSuccess: (_, args) => {
      const entry = list.tableProps.dataSource.find((e) => e.id === args.body.id);
      void message.success(t('risk.list.removed', { value: entry?.shown ?? '' }));
    },
    onError: (err) => void message.error(err.message),
  });
  const type = isListType(list.filters.type) ? list.filters.type : undefined;
  return (
    <>
      <div className="risk-toolbar">
        <Select
          allowClear
          aria-label={t('risk.list.filter')}
          placeholder={t('risk.list.allTypes')}
          style={{ width: 160 }}
          value={type}
          options={LIST_TYPE_OPTIONS}
          onChange={(v: string | undefined) => list.setFilters({ type: v })}
        />
        {canWrite ? (
          <Space>
            <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
              {t('risk.import.open')}
            </Button>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
              {t('risk.list.add')}
            </Button>
          </Space>
        ) : null}
      </div>
      {list.error ? (
        <LoadFailed error={list.error} retry={list.result.refetch} />
      ) : (
        <Table<RiskListEntry>
          {...list.tableProps}
          size="middle"
          columns={columns(canWrite, (e) => remove.mutate({ body: { id: e.id } }))}
          locale={{ emptyText: <Empty description={t(type ? 'risk.list.emptyType' : 'risk.list.empty')} /> }}
        />
      )}
      <ListImportModal
        open={importing}
        onClose={() => setImporting(false)}
        onSubmitted={(n) => {
          setImporting(false);
          void message.success(t('risk.import.submitted', { n }));
        }}
      />
      <ListAddModal
        open={adding}
        type={type}
        onClose={() => setAdding(false)}
        onAdded={(e) => {
          setAdding(false);
          void message.success(t('risk.list.added', { value: e.shown, type: listTypeLabel(e.type) }));
        }}
      />
    </>
  );
}
