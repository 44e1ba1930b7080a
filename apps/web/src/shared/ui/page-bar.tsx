import type { ReactNode } from 'react';
import { Icon } from './icon';

export function PageBar({ title, onBack, backLabel }: { title: ReactNode; onBack?: () => void; backLabel: string }) {
  return (
    <header className="page-bar">
      {onBack ? (
        <button type="button" className="page-bar-back" onClick={onBack} aria-label={backLabel}>
          <Icon name="back" />
        </button>
      ) : null}
      <h1 className="page-bar-title">{title}</h1>
    </header>
  );
}
