import { COOKIES } from '@campaign/contract/client';
import { type CSSProperties, type ReactNode, useState } from 'react';
import { readCookie } from '#web/shared/lib/cookies';
import { bannerImageUrl, imageUrl } from '#web/shared/lib/image-url';
import { Link } from '#web/shared/navigation/navigation';
import { homePath, PRIZES_PATH } from '#web/shared/navigation/paths';
import { BackControl } from '#web/shared/ui/back-control';
import type { ActivityView } from '../hooks/use-activity';
import { useRightScreen } from '../hooks/use-right-screen';
import { t } from '../messages';
import { rulesPath } from '../model/activity-paths';
import type { Gate } from '../model/gate';
import { StatePanel } from './state-panel';
import { WinnersMarquee } from './winners-marquee';
import './activity.css';

/** One hanging lantern, drawn around its hook at (0, -34). */
function Lantern({ className }: { className: string }) {
  return (
    <svg className={`act-decor__lantern ${className}`} viewBox="-20 -34 40 74" aria-hidden="true">
      <path d="M0 -34V-14" stroke="#ffd36b" strokeWidth="1.5" />
      <rect x="-9" y="-16" width="18" height="5" rx="1.5" fill="#f6b93b" />
      <ellipse cx="0" cy="6" rx="19" ry="17" fill="#d92a22" />
      <ellipse cx="0" cy="2" rx="14" ry="11" fill="#ff5a3c" opacity=".55" />
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
        {t('activity.fortune')}
      </text>
    </svg>
  );
}

/**
 * Hanging lanterns and gold sparkles of the spring theme (pure SVG, no external assets). Each lantern
 * is its own small element swinging by a CSS transform, which the compositor animates: rotating groups
 * inside one page-wide SVG repainted the whole header on the main thread every frame.
 */
export function FestiveDecor({ lanterns = 'both' }: { lanterns?: 'both' | 'right' }) {
  return (
    <div className="act-decor" aria-hidden="true">
      <svg className="act-decor__sky" viewBox="0 0 375 150" preserveAspectRatio="xMidYMin slice" aria-hidden="true">
        <g fill="#ffe39a">
          <path d="M96 30l2.5 5 5 2.5-5 2.5-2.5 5-2.5-5-5-2.5 5-2.5z" />
          <path d="M284 62l2 4 4 2-4 2-2 4-2-4-4-2 4-2z" />
          <circle cx="250" cy="20" r="2" />
          <circle cx="120" cy="74" r="1.6" />
          <circle cx="70" cy="96" r="1.4" />
        </g>
      </svg>
      {lanterns === 'both' && <Lantern className="is-left" />}
      <Lantern className="is-right" />
    </div>
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
  const knownType = view.detail?.type;
  const type = knownType ?? 'wheel';
  // An activity of another type is played by its own screen, never drawn as this screen's game.
  const forwarding = useRightScreen(knownType);
  return (
    <div
      className={['act-page', page?.theme === 'plain' ? 'is-plain' : '', className ?? ''].filter(Boolean).join(' ')}
      style={style}
    >
      {/* The left lantern makes way for the way home; the plain theme has no lanterns. */}
      {page?.theme === 'plain' ? null : <FestiveDecor lanterns="right" />}
      <BackControl fallback={homePath()} />
      <header className="act-hero">
        {/* The campaign's own ribbon (新春好礼, 双十二狂欢…); none when it sets none. */}
        {page?.ribbon ? (
          <p className="act-hero__kicker" data-testid="act-ribbon">
            {page.ribbon}
          </p>
        ) : null}
        <h1 className="act-hero__title">{view.detail?.title ?? fallbackTitle}</h1>
        {/* Rendered empty while the detail loads: the line's space is kept, nothing below moves. */}
        <p className="act-hero__sub">{view.detail?.subtitle ?? ''}</p>
      </header>
      {page?.banner ? <ActivityBanner image={page.banner} /> : null}
      <div className="act-stage">{forwarding ? <StatePanel gate="loading" /> : children}</div>
      {/* Chances only where they mean something: not under "not eligible", "sold out", "offline"… */}
      {!hideChances && CHANCES_SHOWN.includes(view.gate) && (view.user === null || chances !== undefined) ? (
        <p className="act-chances" data-testid="chances-left">
          {view.user === null ? t('act.loginToPlay') : t('act.chancesLeftLong', { n: chances ?? 0 })}
        </p>
      ) : (
        // Its space is held while the line may still come (loading, chances not read yet).
        !hideChances &&
        (view.gate === 'loading' || CHANCES_SHOWN.includes(view.gate)) && (
          <p className="act-chances is-reserved" aria-hidden="true">
            {t('act.chancesLeftLong', { n: 0 })}
          </p>
        )
      )}
      <WinnersMarquee winners={view.winners} />
      <nav className="act-links">
        <Link className="act-links__item" to={rulesPath(type, view.actId)} data-testid="rules-link">
          {t('act.rules')}
        </Link>
        <Link className="act-links__item" to={PRIZES_PATH}>
          {t('act.myPrizes')}
        </Link>
        <Link className="act-links__item" to={homePath()}>
          {t('act.park')}
        </Link>
      </nav>
      <p className="act-footnote">{t('act.footnote')}</p>
    </div>
  );
}
