import type { ReactNode } from 'react';
import './pill-tabs.css';

export interface PillTab<K extends string> {
  key: K;
  label: ReactNode;
  /** A counter beside the label (e.g. coupons in this state); none when undefined. */
  count?: number | undefined;
}

/**
 * The pill tab bar of the list screens (my prizes, my coupons): one look, one set of tab semantics. The
 * screen renders the panel; `panelId` ties the tabs to it for assistive technology.
 */
export function PillTabs<K extends string>({
  tabs,
  value,
  onChange,
  label,
  panelId,
}: {
  tabs: ReadonlyArray<PillTab<K>>;
  value: K;
  onChange: (key: K) => void;
  label?: string;
  panelId?: string;
}) {
  return (
    <div className="pill-tabs" role="tablist" aria-label={label}>
      {tabs.map((x) => (
        <button
          key={x.key}
          type="button"
          role="tab"
          aria-selected={value === x.key}
          aria-controls={panelId}
          className={value === x.key ? 'pill-tab is-active' : 'pill-tab'}
          onClick={() => onChange(x.key)}
        >
          {x.label}
          {x.count !== undefined ? <span className="pill-tab__n">{x.count}</span> : null}
        </button>
      ))}
    </div>
  );
}
