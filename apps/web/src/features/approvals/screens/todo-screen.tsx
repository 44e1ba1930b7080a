import type { RouteData } from '@campaign/contract/client';
import { useEndpointQuery } from '#web/api/endpoint-query';
import { StaffGate } from '#web/api/staff-gate';
import { formatDate } from '#web/shared/lib/format-date';
import { Link } from '#web/shared/navigation/navigation';
import { HOME_PATH } from '#web/shared/navigation/paths';
import { Icon } from '#web/shared/ui/icon';
import { SubLoading, SubPage, SubState } from '#web/shared/ui/sub-page';
import { t } from '../messages';
import { KIND_LABEL, STATUS_LABEL } from '../model/labels';
import './approvals.css';

type Item = RouteData<'approvalTodo'>['pending'][number];

function Row({ item }: { item: Item }) {
  return (
    <li>
      <Link
        className={`ap-row is-${item.status}`}
        to={`/approve?id=${item.id}`}
        data-testid="approval-row"
        data-status={item.status}
      >
        <span className="ap-row__kind">{t(KIND_LABEL[item.kind])}</span>
        <span className="ap-row__title">{item.title}</span>
        <span className="ap-row__meta">
          {t('approvals.requestedBy', { name: item.requestedBy.name })} · {formatDate(item.requestedAt, 'MM-DD HH:mm')}
        </span>
        {item.decidedBy ? (
          <span className="ap-row__meta">
            {t('approvals.decidedBy', { name: item.decidedBy.name })} · {formatDate(item.decidedAt ?? 0, 'MM-DD HH:mm')}
          </span>
        ) : null}
        <span className={`ap-badge is-${item.status}`}>{t(STATUS_LABEL[item.status])}</span>
        <Icon name="chevron-right" size="1.4rem" />
      </Link>
    </li>
  );
}

function TodoList() {
  const todo = useEndpointQuery('approvalTodo', {});
  if (todo.isPending) return <SubLoading rows={4} />;
  if (!todo.data) return <SubState icon="empty" title={t('approvals.loadFailed')} />;
  const { pending, done } = todo.data;
  return (
    <>
      <section className="sub-card" aria-labelledby="ap-pending">
        <h2 className="sub-card__title" id="ap-pending">
          {t('approvals.pending', { n: pending.length })}
        </h2>
        {pending.length === 0 ? (
          <p className="ap-empty">{t('approvals.nothingPending')}</p>
        ) : (
          <ul className="ap-list">
            {pending.map((i) => (
              <Row key={i.id} item={i} />
            ))}
          </ul>
        )}
      </section>
      <section className="sub-card" aria-labelledby="ap-done">
        <h2 className="sub-card__title" id="ap-done">
          {t('approvals.done')}
        </h2>
        {done.length === 0 ? (
          <p className="ap-empty">{t('approvals.nothingDone')}</p>
        ) : (
          <ul className="ap-list">
            {done.map((i) => (
              <Row key={i.id} item={i} />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

/** /oatodo: the approver's to-do list, pending first (oldest first), then what was decided. */
export function TodoScreen() {
  return (
    <SubPage title={t('title.oatodo')} subtitle={t('approvals.subtitle')} fallback={HOME_PATH} className="ap-page">
      <StaffGate>
        {(staff) => (
          <>
            <p className="ap-who" data-testid="staff-who">
              <Icon name="shield" size="1.4rem" /> {staff.name} ·{' '}
              {staff.roles.map((r) => t(`staff.role.${r}`)).join(' / ')}
            </p>
            <TodoList />
          </>
        )}
      </StaffGate>
    </SubPage>
  );
}
