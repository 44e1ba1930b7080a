import { PlusOutlined } from '@ant-design/icons';
import type { ConsoleMe, ConsoleStaff } from '@campaign/contract/client';
import { message as antdMessage, Button } from 'antd';
import { useState } from 'react';
import { useOutletContext } from 'react-router';
import { useEndpointMutation } from '../../api/queries';
import { type ListPage, useListPage } from '../../shared/hooks/use-list-page';
import { PageHead } from '../../shared/page-head';
import { SearchedListCard } from '../../shared/searched-list-card';
import { t } from './messages';
import { SecondFactorModal } from './second-factor';
import { AddStaffModal, RolesModal } from './staff-forms';
import { type StaffActions, staffColumns } from './staff-table';

type Shown = { title: string; password?: string; login?: string | null; otpauthUri: string; qrSvg: string };
type StaffList = ListPage<'consoleStaffList', 'q', ConsoleStaff>;

/** Staff & roles (admin): who can sign in, with which roles; add, change roles, disable, new second factor. */
export function StaffScreen() {
  const me = useOutletContext<ConsoleMe>();
  const [message, messageHolder] = antdMessage.useMessage();
  const list = useListPage('consoleStaffList', {
    filters: ['q'],
    pageSize: 10,
    toQuery: ({ filters, page, pageSize }) => ({ q: filters.q, page, pageSize }),
    rows: (d) => ({ items: d.items, total: d.total }),
    rowKey: 'staffId',
  });
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<ConsoleStaff | null>(null);
  const [shown, setShown] = useState<Shown | null>(null);
  const refresh = { invalidates: ['consoleStaffList' as const] };
  const onError = (err: Error) => void message.error(err.message);
  const active = useEndpointMutation('consoleStaffActive', { ...refresh, onError });
  const reset = useEndpointMutation('consoleStaffResetTotp', {
    ...refresh,
    onError,
    onSuccess: (r) =>
      setShown({ title: t('staff.reset.title', { name: r.staff.name }), login: r.staff.login, ...r.totp }),
  });
  const actions: StaffActions = {
    me: me.staffId,
    edit: setEditing,
    reset: (s) => reset.mutate({ body: { staffId: s.staffId } }),
    setActive: (s, on) => active.mutate({ body: { staffId: s.staffId, active: on } }),
  };

  return (
    <div className="console-page">
      {messageHolder}
      <PageHead
        title={t('staff.title')}
        subtitle={t('staff.subtitle')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
            {t('staff.add')}
          </Button>
        }
      />
      <StaffCard list={list} actions={actions} />
      <AddStaffModal
        open={adding}
        onClose={() => setAdding(false)}
        onAdded={(r) => {
          setAdding(false);
          const title = t('staff.created.title', { name: r.staff.name });
          setShown({ title, password: r.password, login: r.staff.login, ...r.totp });
        }}
      />
      <RolesModal staff={editing} onClose={() => setEditing(null)} />
      {shown ? <SecondFactorModal open {...shown} onClose={() => setShown(null)} /> : null}
    </div>
  );
}

function StaffCard({ list, actions }: { list: StaffList; actions: StaffActions }) {
  return (
    <SearchedListCard
      list={list}
      search={t('staff.search')}
      empty={t('staff.empty')}
      emptySearch={t('staff.emptySearch')}
      columns={staffColumns(actions)}
    />
  );
}
