import { COOKIES } from '@campaign/contract/client';
import { type CSSProperties, type ReactNode, useState } from 'react';
import { t } from '../../../shared/i18n/messages';
import { readCookie } from '../../../shared/lib/cookies';
import { bannerImageUrl, imageUrl } from '../../../shared/lib/image-url';
import { Link } from '../../../shared/navigation/navigation';
import { PRIZE_LIST_PATH } from '../../../shared/navigation/paths';
import type { ActivityView } from '../hooks/use-activity';
import { rulesPath } from '../model/activity-paths';
import type { Gate } from '../model/gate';
import { WinnersMarquee } from './winners-marquee';
import './activity.css';

/** Hanging lanterns and gold sparkles of the spring theme (pure SVG, no external assets). */
export function FestiveDecor() {
  return (
    <svg className="act-decor" viewBox="0 0 375 150" preserveAspectRatio="xMidYMin slice" aria-hidden="true">
      <defs>
        <linearGradient id="fd-lantern" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#ff5a3c" />
          <stop offset="1" stopColor="#c9161c" />
        </linearGradient>
      </defs>
      {[
        { x: 34, y: 34, s: 1 },
        { x: 338, y: 26, s: 0.85 },
      ].map(({ x, y, s }) => (
        <g key={x} className="act-decor__lantern" transform={`translate(${x} ${y}) scale(${s})`}>
          <path d="M0 -34V-14" stroke="#ffd36b" strokeWidth="1.5" />
          <rect x="-9" y="-16" width="18" height="5" rx="1.5" fill="#f6b93b" />
          <ellipse cx="0" cy="6" rx="19" ry="17" fill="url(#fd-lantern)" />
          <path
            d="M0 -11v34M-10 -8c-5 9-5 19 0 28M10 -8c5 9 5 19 0 28"
            stroke="#ffb36b"
            strokeWidth="1"
            fill="none"
            opacity=".7"
          />
          <rect x="-9" y="21" width="18" height="5" rx="1.5" fill="#f6b93b" />
          <path d="M-4 26v10M0 26v13M4 26v10" stroke="#ffd36b" strokeWidth="1.4" />
          <text x="0" y="11" textAnchor="middle" fontSize="14" fontWeight="900" fill="#ffe08a">
            福
          </text>
        </g>
      ))}
      <g fill="#ffe39a">
        <path d="M96 30l2.5 5 5 2.5-5 2.5-2.5 5-2.5-5-5-2.5 5-2.5z" />
        <path d="M284 62l2 4 4 2-4 2-2 4-2-4-4-2 4-2z" />
        <circle cx="250" cy="20" r="2" />
        <circle cx="120" cy="74" r="1.6" />
        <circle cx="70" cy="96" r="1.4" />
      </g>
    </svg>
  );
}

/**
 * The activity's banner. A file name goes through the checked banner fetch (spec §7
 * /bmcs/file/bannerImageChk/{image}, with the tenant's check data); a full path or URL is shown as is.
 * A banner that fails to load leaves no broken image behind.
 */
export function ActivityBanner({ image }: { image: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) return null;
  const corpId = readCookie(COOKIES.corpId) ?? '';
  const src = image.includes('/') ? imageUrl(image) : bannerImageUrl(image, corpId);
  return (
    <div className="act-banner">
      <img src={src} alt="" decoding="async" onError={() => setFailed(true)} data-testid="activity-banner" />
    </div>
  );
}

export interface ActivityFrameProps {
  view: ActivityView;
  /** Shown when the detail is not there yet (or failed): a generic festive title. */
  fallbackTitle: string;
  children: ReactNode;
  /** Hide the chances line (share pages, landing pages). */
  hideChances?: boolean;
  className?: string;
}

const CHANCES_SHOWN: readonly Gate[] = ['ready', 'no-chances'];

/** The festive page every game screen sits in: header, the game, chances, winners and links. */
export function ActivityFrame({ view, fallbackTitle, children, hideChances, className }: ActivityFrameProps) {
  const page = view.detail?.page;
  const style = {
    ...(page?.primaryColor ? { '--act-primary': page.primaryColor } : {}),
    ...(page?.backgroundColor ? { '--act-bg': page.backgroundColor } : {}),
  } as CSSProperties;
  const chances = view.surplus?.chancesLeft;
  const type = view.detail?.type ?? 'wheel';
  return (
    <div className={['act-page', className ?? ''].filter(Boolean).join(' ')} style={style}>
      <FestiveDecor />
      <header className="act-hero">
        <p className="act-hero__kicker">{t('act.kicker')}</p>
        <h1 className="act-hero__title">{view.detail?.title ?? fallbackTitle}</h1>
        {view.detail?.subtitle && <p className="act-hero__sub">{view.detail.subtitle}</p>}
      </header>
      {page?.banner ? <ActivityBanner image={page.banner} /> : null}
      <main className="act-stage">{children}</main>
      {/* Chances only where they mean something: not under "not eligible", "sold out", "offline"… */}
      {!hideChances && CHANCES_SHOWN.includes(view.gate) && (view.user === null || chances !== undefined) && (
        <p className="act-chances" data-testid="chances-left">
          {view.user === null ? t('act.loginToPlay') : t('act.chancesLeftLong', { n: chances ?? 0 })}
        </p>
      )}
      <WinnersMarquee winners={view.winners} />
      <nav className="act-links">
        <Link className="act-links__item" to={rulesPath(type, view.actId)} data-testid="rules-link">
          {t('act.rules')}
        </Link>
        <Link className="act-links__item" to={PRIZE_LIST_PATH}>
          {t('act.myPrizes')}
        </Link>
        <Link className="act-links__item" to="/activityPark">
          {t('act.park')}
        </Link>
      </nav>
      <p className="act-footnote">{t('act.footnote')}</p>
    </div>
  );
}
