import type { RouteData } from '@campaign/contract/client';
import { type ReactNode, useId } from 'react';
import { Link } from '#web/shared/navigation/navigation';
import { Icon } from '#web/shared/ui/icon';
import type { IconName } from '#web/shared/ui/icon-sprite';
import { BackButton } from '#web/shared/ui/sub-page';
import { type MessageKey, t } from '../messages';
import { SEASON_PATHS, seasonLink } from '../model/season-view';
import './season.css';

type Tab = 'home' | 'rank' | 'task' | 'prizes';
type SeasonStatus = RouteData<'seasonHome'>['status'];

const BADGE: Record<SeasonStatus, MessageKey> = {
  scheduled: 'season.badgeScheduled',
  live: 'season.badge',
  ended: 'season.badgeEnded',
  settled: 'season.badgeEnded',
};

/**
 * The season screens' frame: a night-gold hero (back, title, a trophy), the content, and a tab bar between
 * the four season screens.
 */
export function SeasonFrame({
  actId,
  tab,
  title,
  subtitle,
  status,
  hero,
  children,
}: {
  actId: string;
  tab: Tab | null;
  title: string;
  /** The season's status when known: the badge above the title says it. */
  status?: SeasonStatus;
  subtitle?: string;
  hero?: ReactNode;
  children: ReactNode;
}) {
  const tabs: { id: Tab; path: string; label: string; icon: IconName }[] = [
    { id: 'home', path: SEASON_PATHS.home, label: t('season.tabHome'), icon: 'home' },
    { id: 'rank', path: SEASON_PATHS.rank, label: t('season.tabRank'), icon: 'hot' },
    { id: 'task', path: SEASON_PATHS.task, label: t('season.tabTask'), icon: 'check' },
    { id: 'prizes', path: SEASON_PATHS.prizes, label: t('season.tabPrizes'), icon: 'gift' },
  ];
  return (
    <div className={`season${tab ? ' has-tabs' : ''}`}>
      <header className="season-hero">
        <span className="season-hero__rays" aria-hidden="true" />
        <BackButton fallback={seasonLink(SEASON_PATHS.home, actId)} />
        <Trophy />
        {status ? <p className={`season-hero__badge is-${status}`}>{t(BADGE[status])}</p> : null}
        <h1 className="season-hero__title">{title}</h1>
        {subtitle ? <p className="season-hero__sub">{subtitle}</p> : null}
        {hero}
      </header>
      <main className="season-body">{children}</main>
      {tab ? (
        <nav className="season-tabs" aria-label={t('season.tabs')}>
          {tabs.map((x) => (
            <Link
              key={x.id}
              to={seasonLink(x.path, actId)}
              replace
              className={`season-tabs__item${x.id === tab ? ' is-on' : ''}`}
              aria-current={x.id === tab ? 'page' : undefined}
            >
              <Icon name={x.icon} size="1.7rem" />
              {x.label}
            </Link>
          ))}
        </nav>
      ) : null}
    </div>
  );
}

/** A season screen's inline state (loading failed, no such season). */
export function SeasonState({ title, desc, children }: { title: string; desc?: string; children?: ReactNode }) {
  return (
    <section className="season-card season-state" data-testid="season-state" aria-live="polite">
      <span className="season-state__glyph">
        <Icon name="gift" size="3rem" />
      </span>
      <h2>{title}</h2>
      {desc ? <p>{desc}</p> : null}
      {children}
    </section>
  );
}

export function SeasonSkeleton() {
  return (
    <div className="season-skeleton" role="status" aria-busy="true" aria-label={t('request.loading')}>
      <div className="season-card season-skeleton__row" />
      <div className="season-card season-skeleton__row" />
    </div>
  );
}

/** The season's emblem: a gold cup with a star (inline, so it needs no image request). */
function Trophy() {
  // Unique per instance: a kept-alive season screen still holds its own copy of the gradient.
  const gold = useId();
  return (
    <svg className="season-hero__trophy" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gold} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#fff3c4" />
          <stop offset="0.5" stopColor="#ffd16b" />
          <stop offset="1" stopColor="#e89a1c" />
        </linearGradient>
      </defs>
      <path d="M14 10h36v6c0 12-7 21-18 23C21 37 14 28 14 16z" fill={`url(#${gold})`} />
      <path d="M14 14H6c0 9 5 14 12 15M50 14h8c0 9-5 14-12 15" fill="none" stroke="#ffd16b" strokeWidth="3.5" />
      <rect x="27" y="38" width="10" height="9" fill="#e89a1c" />
      <rect x="19" y="47" width="26" height="7" rx="2" fill={`url(#${gold})`} />
      <path d="m32 15 2.6 5.3 5.8.8-4.2 4.1 1 5.8-5.2-2.7-5.2 2.7 1-5.8-4.2-4.1 5.8-.8z" fill="#fff" />
    </svg>
  );
}
