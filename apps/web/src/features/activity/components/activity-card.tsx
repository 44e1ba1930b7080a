import type { ActivityDetail, ActivityStatus } from '@campaign/contract/client';
import { formatDate } from '#web/shared/lib/format-date';
import { Link } from '#web/shared/navigation/navigation';
import { type MessageKey, t } from '../messages';
import { playPath } from '../model/activity-paths';
import { GameGlyph } from './game-glyph';

export interface ActivityCardData {
  actId: string;
  type: ActivityDetail['type'];
  title: string;
  subtitle: string;
  status: ActivityStatus;
  startsAt: number;
  endsAt: number;
}

const STATUS_KEY: Record<ActivityStatus, MessageKey> = {
  draft: 'park.scheduled',
  scheduled: 'park.scheduled',
  live: 'park.live',
  paused: 'park.paused',
  ended: 'park.ended',
};

const TYPE_KEY: Record<ActivityDetail['type'], MessageKey> = {
  wheel: 'park.type.wheel',
  grid: 'park.type.grid',
  scratch: 'park.type.scratch',
  blindbox: 'park.type.blindbox',
  common: 'park.type.common',
  newCustomer: 'growth.newCustomerTag',
  newUser: 'growth.newUserTag',
  ranking: 'park.type.ranking',
};

/** A festive card linking to the screen that plays the activity (by its type). */
export function ActivityCard({ activity }: { activity: ActivityCardData }) {
  const when =
    activity.status === 'scheduled'
      ? t('park.startsAt', { at: formatDate(activity.startsAt, 'MM-DD HH:mm') })
      : t('park.until', { at: formatDate(activity.endsAt, 'YYYY-MM-DD') });
  return (
    <Link
      className={`act-tile is-${activity.type} is-${activity.status}`}
      to={playPath(activity.type, activity.actId)}
      data-testid="activity-card"
      data-act-id={activity.actId}
    >
      <span className="act-tile__glyph">
        <GameGlyph type={activity.type} />
      </span>
      <span className="act-tile__body">
        <span className="act-tile__top">
          <span className="act-tile__type">{t(TYPE_KEY[activity.type])}</span>
          <span className={`act-tile__status is-${activity.status}`}>{t(STATUS_KEY[activity.status])}</span>
        </span>
        <span className="act-tile__title">{activity.title}</span>
        <span className="act-tile__sub">{activity.subtitle}</span>
        <span className="act-tile__when">{when}</span>
      </span>
      <span className="act-tile__go" aria-hidden="true">
        {t('park.go')}
      </span>
    </Link>
  );
}
