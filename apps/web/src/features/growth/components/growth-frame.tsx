import type { OfferBlock } from '@campaign/contract/client';
import type { CSSProperties, ReactNode } from 'react';
import { Link, useLocation, useNavigate } from '#web/shared/navigation/navigation';
import { homePath, loginPath } from '#web/shared/navigation/paths';
import { Icon } from '#web/shared/ui/icon';
import { BackButton } from '#web/shared/ui/sub-page';
import { t } from '../messages';
import { BLOCK_TEXT } from '../model/offer-view';
import { GateArt } from './growth-art';
import '../growth.css';

export interface GrowthPageProps {
  tag: string;
  title: string;
  subtitle?: string;
  /** The offer's colours (campaign file `page`); the design's red when absent. */
  colors?: { primary: string; background: string } | undefined;
  art?: ReactNode;
  children: ReactNode;
}

/** The growth screens' frame: a festive hero (tag, title, art) over the page's cards. */
export function GrowthPage({ tag, title, subtitle, colors, art, children }: GrowthPageProps) {
  const style = colors ? ({ '--gr-primary': colors.primary, '--gr-bg': colors.background } as CSSProperties) : {};
  return (
    <div className="gr-page" style={style}>
      <header className="gr-hero">
        <BackButton fallback={homePath()} />
        <span className="gr-hero__tag">{tag}</span>
        <h1 className="gr-hero__title">{title}</h1>
        {subtitle ? <p className="gr-hero__sub">{subtitle}</p> : null}
        {art}
      </header>
      <main className="gr-body">{children}</main>
    </div>
  );
}

/** The designed state of a gate (white list, customer group, not new): art, why, and the way home. */
export function GrowthState({ reason, title, desc }: { reason?: OfferBlock; title?: string; desc?: string }) {
  const text = reason ? BLOCK_TEXT[reason] : null;
  return (
    <section
      className="gr-card gr-state"
      data-testid="growth-state"
      data-reason={reason ?? 'closed'}
      aria-live="polite"
    >
      <GateArt />
      <h2 className="gr-state__title">{title ?? (text ? t(text.title) : '')}</h2>
      {desc || text ? <p className="gr-state__desc">{desc ?? (text ? t(text.desc) : '')}</p> : null}
      <Link className="gr-btn gr-btn--ghost" to={homePath()} data-testid="growth-home">
        <Icon name="home" size="1.3rem" /> {t('growth.home')}
      </Link>
    </section>
  );
}

/** Not logged in: what the offer is about and the way to log in (back here afterwards, invite token and all). */
export function LoginCard() {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <section className="gr-card gr-state" data-testid="growth-login">
      <span className="gr-state__icon">
        <Icon name="lock" size="2.6rem" />
      </span>
      <h2 className="gr-state__title">{t('growth.loginTitle')}</h2>
      <p className="gr-state__desc">{t('growth.loginDesc')}</p>
      <button type="button" className="gr-btn" onClick={() => navigate(loginPath(location))}>
        {t('growth.loginCta')}
      </button>
    </section>
  );
}
