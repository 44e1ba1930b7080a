import { BellOutlined } from '@ant-design/icons';
import type { ConsoleNotification } from '@campaign/contract/client';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Empty, Popover, Spin } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { endpointKey, useEndpointMutation, useEndpointQuery } from '../../api/queries';
import { type ApiError, call } from '../../api/request';
import { describe, fullTime, linkOf, relativeTime } from './describe';
import { t } from './messages';
import './notifications.css';

/** How often an open console page asks how many notifications are unread: one indexed count per person. */
export const NOTIFICATION_POLL_MS = 30_000;
const LIST = { limit: 20 } as const;
const OUTDATED = ['consoleNotifications', 'consoleNotificationCount'] as const;

/**
 * The unread count as every console page shows it: polled while the page is visible and when the window
 * regains focus. A background read: the poll keeps no idle session alive (the kill switch's poll does the same).
 */
function useUnread() {
  return useQuery<{ unread: number }, ApiError, number>({
    queryKey: endpointKey('consoleNotificationCount'),
    queryFn: ({ signal }) => call('consoleNotificationCount', { signal, background: true }),
    select: (d) => d.unread,
    refetchInterval: NOTIFICATION_POLL_MS,
    refetchOnWindowFocus: 'always',
    staleTime: 0,
  });
}

/**
 * The bell in the console's header: the unread count on a badge; opened, my newest notifications, each a link
 * to its screen (opening one marks it read), and "mark all read".
 */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const unread = useUnread();
  const count = unread.data ?? 0;
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement="bottomRight"
      arrow={false}
      destroyOnHidden
      title={<BellHead unread={count} />}
      content={<BellList close={() => setOpen(false)} />}
      classNames={{ root: 'bell-popover' }}
    >
      <Badge count={count} overflowCount={99} size="small" offset={[-4, 4]}>
        <Button
          type="text"
          shape="circle"
          className="bell-button"
          icon={<BellOutlined />}
          aria-label={count ? t('notifications.bellUnread', { n: count }) : t('notifications.bell')}
          aria-expanded={open}
          data-testid="notification-bell"
        />
      </Badge>
    </Popover>
  );
}

function BellHead({ unread }: { unread: number }) {
  const all = useEndpointMutation('consoleNotificationsReadAll', { invalidates: [...OUTDATED] });
  return (
    <div className="bell-head">
      <span>
        {t('notifications.title')}
        <span className="bell-head__count">
          {unread ? t('notifications.unread', { n: unread }) : t('notifications.allRead')}
        </span>
      </span>
      <Button
        type="link"
        size="small"
        disabled={!unread}
        loading={all.isPending}
        onClick={() => all.mutate({ body: {} })}
      >
        {t('notifications.markAll')}
      </Button>
    </div>
  );
}

/** Read when the bell is opened (the poll reads only the count). */
function BellList({ close }: { close: () => void }) {
  const list = useEndpointQuery('consoleNotifications', { query: LIST }, { staleTime: 0 });
  const read = useEndpointMutation('consoleNotificationRead', { invalidates: [...OUTDATED] });
  if (list.isPending) return <Spin className="bell-state" />;
  if (list.error) return <p className="bell-state">{t('notifications.loadFailed')}</p>;
  if (!list.data.items.length) {
    return <Empty className="bell-state" image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notifications.empty')} />;
  }
  const now = Date.now();
  return (
    <ul className="bell-list" aria-label={t('notifications.title')}>
      {list.data.items.map((n) => (
        <BellItem
          key={n.id}
          n={n}
          now={now}
          onOpen={() => {
            if (!n.read) read.mutate({ body: { id: n.id } });
            close();
          }}
        />
      ))}
    </ul>
  );
}

function BellItem({ n, now, onOpen }: { n: ConsoleNotification; now: number; onOpen: () => void }) {
  const { label, text } = describe(n);
  return (
    <li>
      <Link
        to={linkOf(n)}
        onClick={onOpen}
        className={`bell-item bell-item--${n.kind}${n.read ? '' : ' bell-item--unread'}`}
      >
        <span className="bell-item__dot" aria-hidden="true" />
        <span className="bell-item__body">
          <span className="bell-item__label">{label}</span>
          <span className="bell-item__text">{text}</span>
          <time className="bell-item__time" dateTime={new Date(n.at).toISOString()} title={fullTime(n.at)}>
            {relativeTime(n.at, now)}
          </time>
        </span>
      </Link>
    </li>
  );
}
