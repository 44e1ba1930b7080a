import { EditOutlined, ImportOutlined, PlusOutlined } from '@ant-design/icons';
import type { ConsoleMe, ConsoleStore } from '@campaign/contract/client';
import { Alert, message as antdMessage, Button, Space, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useOutletContext } from 'react-router';
import { type ListPage, useListPage } from '../../shared/hooks/use-list-page';
import { PageHead } from '../../shared/page-head';
import { SearchedListCard } from '../../shared/searched-list-card';
import { hoursText } from './hours-text';
import { ImportStoresModal } from './import-dialog';
import { t } from './messages';
import { StoreFormModal } from './store-form';
import './stores.css';

type StoreList = ListPage<'consoleStores', 'q', ConsoleStore>;
const WRITERS = ['operator', 'admin'];

function columns(canWrite: boolean, edit: (s: ConsoleStore) => void): TableColumnsType<ConsoleStore> {
  const cols: TableColumnsType<ConsoleStore> = [
    {
      title: t('stores.col.store'),
      key: 'store',
      render: (_, s) => (
        <div>
          <div className="store-name">{s.name}</div>
          <Typography.Text type="secondary" className="store-address">
            {s.address}
          </Typography.Text>
        </div>
      ),
    },
    { title: t('stores.col.city'), dataIndex: 'cityName', width: 96 },
    {
      title: t('stores.col.coords'),
      key: 'coords',
      width: 190,
      render: (_, s) => <span className="mono store-coords-cell">{`${s.lng.toFixed(6)}, ${s.lat.toFixed(6)}`}</span>,
    },
    { title: t('stores.col.hours'), dataIndex: 'hours', width: 220, render: (h: string) => hoursText(h) },
    {
      title: t('stores.col.accepts'),
      dataIndex: 'accepts',
      render: (accepts: string[]) =>
        accepts.length ? (
          accepts.map((a) => (
            <Tag key={a} color="blue">
              {a}
            </Tag>
          ))
        ) : (
          <Typography.Text type="secondary">{t('stores.acceptsNone')}</Typography.Text>
        ),
    },
    { title: t('stores.col.phone'), dataIndex: 'phone', width: 140 },
  ];
  if (!canWrite) return cols;
  return [
    ...cols,
    {
      title: t('stores.col.actions'),
      key: 'actions',
      width: 96,
      render: (_, s) => (
        <Button
          type="link"
          icon={<EditOutlined />}
          aria-label={t('stores.editOf', { name: s.name })}
          onClick={() => edit(s)}
        >
          {t('stores.edit')}
        </Button>
      ),
    },
  ];
}

/** 门店管理: the corp's stores as master data — search, create, edit, import from CSV. */
export function StoresScreen() {
  const me = useOutletContext<ConsoleMe>();
  const canWrite = me.roles.some((r) => WRITERS.includes(r));
  const [message, messageHolder] = antdMessage.useMessage();
  const list = useListPage('consoleStores', {
    filters: ['q'],
    pageSize: 20,
    toQuery: ({ filters, page, pageSize }) => ({ q: filters.q, page, pageSize }),
    rows: (d) => ({ items: d.items, total: d.total }),
    rowKey: 'id',
  });
  const [editing, setEditing] = useState<ConsoleStore | 'new' | null>(null);
  const [importing, setImporting] = useState(false);
  const actions = canWrite ? (
    <Space>
      <Button icon={<ImportOutlined />} onClick={() => setImporting(true)}>
        {t('stores.import')}
      </Button>
      <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
        {t('stores.add')}
      </Button>
    </Space>
  ) : null;
  return (
    <div className="console-page">
      {messageHolder}
      <PageHead title={t('stores.title')} subtitle={t('stores.subtitle')} extra={actions} />
      {canWrite ? null : <Alert className="gap" type="info" showIcon title={t('stores.readOnly')} />}
      <StoresCard list={list} canWrite={canWrite} edit={setEditing} />
      <StoreFormModal
        open={editing !== null}
        store={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
        onSaved={(s) => {
          setEditing(null);
          void message.success(t('stores.saved', { name: s.name }));
        }}
      />
      <ImportStoresModal
        open={importing}
        onClose={() => setImporting(false)}
        onDone={(text) => {
          setImporting(false);
          void message.success(text);
        }}
      />
    </div>
  );
}

function StoresCard({ list, canWrite, edit }: { list: StoreList; canWrite: boolean; edit: (s: ConsoleStore) => void }) {
  return (
    <SearchedListCard
      list={list}
      search={t('stores.search')}
      empty={t('stores.empty')}
      emptySearch={t('stores.emptySearch')}
      columns={columns(canWrite, edit)}
    />
  );
}
