import type { ReactNode } from 'react';
import './panel.css';

/**
 * A titled white panel. The console's own (antd's Card brings its tabs along: ~14 KiB gzip the audit page's
 * first view cannot spare; bench:budgets).
 */
export function Panel(props: { title?: ReactNode; extra?: ReactNode; className?: string; children: ReactNode }) {
  return (
    <section className={`panel ${props.className ?? ''}`}>
      {props.title || props.extra ? (
        <header className="panel__head">
          {props.title ? <h2 className="panel__title">{props.title}</h2> : <span />}
          {props.extra}
        </header>
      ) : null}
      <div className="panel__body">{props.children}</div>
    </section>
  );
}

/** A designed state (no permission, not found, failed to load): what happened, what to do. */
export function StatePanel(props: {
  tone: 'info' | 'warning' | 'error';
  title: string;
  body?: string;
  action?: ReactNode;
}) {
  return (
    <div className={`state-panel state-panel--${props.tone}`} role={props.tone === 'error' ? 'alert' : undefined}>
      <svg className="state-panel__icon" viewBox="0 0 48 48" aria-hidden="true">
        <circle cx="24" cy="24" r="21" />
        {props.tone === 'info' ? <path d="M24 14v2M24 21v13" /> : <path d="M24 13v15M24 33v2" />}
      </svg>
      <h2 className="state-panel__title">{props.title}</h2>
      {props.body ? <p className="state-panel__body">{props.body}</p> : null}
      {props.action ? <div className="state-panel__action">{props.action}</div> : null}
    </div>
  );
}
