import type { ReactNode } from 'react';
import { t } from '../i18n/messages';
import { BackControl } from './back-control';
import { Icon } from './icon';
import type { IconName } from './icon-sprite';
import './sub-page.css';

export interface SubPageProps {
  title: ReactNode;
  subtitle?: ReactNode;
  /** Where "back" goes when there is no history (a page opened from a link in the host app). */
  fallback: string;
  children: ReactNode;
  /** A sticky bar at the bottom (the main action of the screen). */
  footer?: ReactNode;
  className?: string;
}

/** The hero's back control: the H5's one back control (ADR 0151). */
export function BackButton({ fallback }: { fallback: string }) {
  return <BackControl fallback={fallback} />;
}

/**
 * The inner screens' frame (addresses, orders, coupons, discounts): the red hero with a back button,
 * a body of white cards overlapping it, an optional sticky action bar.
 */
export function SubPage({ title, subtitle, fallback, children, footer, className }: SubPageProps) {
  return (
    <div className={['sub-page', footer ? 'has-footer' : '', className ?? ''].filter(Boolean).join(' ')}>
      <header className="sub-hero">
        <BackButton fallback={fallback} />
        <h1 className="sub-hero__title">{title}</h1>
        {subtitle ? <p className="sub-hero__sub">{subtitle}</p> : null}
      </header>
      <main className="sub-body">{children}</main>
      {footer ? <div className="sub-footer">{footer}</div> : null}
    </div>
  );
}

export interface SubStateProps {
  icon: IconName;
  title: string;
  desc?: string;
  children?: ReactNode;
  testId?: string;
}

/** An inline state in place of content: empty, failed to load, not logged in, refused. */
export function SubState({ icon, title, desc, children, testId = 'sub-state' }: SubStateProps) {
  return (
    <section className="sub-card sub-state" data-testid={testId} aria-live="polite">
      <span className="sub-state__icon">
        <Icon name={icon} size="3.4rem" />
      </span>
      <h2 className="sub-state__title">{title}</h2>
      {desc ? <p className="sub-state__desc">{desc}</p> : null}
      {children ? <div className="sub-state__actions">{children}</div> : null}
    </section>
  );
}

/** The skeleton shown while the first answer is on its way (no spinner flash for fast answers). */
export function SubLoading({ rows = 3 }: { rows?: number }) {
  return (
    <div className="sub-skeleton" role="status" aria-busy="true" aria-label={t('request.loading')}>
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <div key={i} className="sub-card sub-skeleton__row" />
      ))}
    </div>
  );
}
