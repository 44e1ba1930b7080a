import type { ReactNode } from 'react';

export function PageHead({ title, subtitle, extra }: { title: string; subtitle?: string; extra?: ReactNode }) {
  return (
    <div className="console-page__head">
      <div>
        <h1 className="console-page__title">{title}</h1>
        {subtitle ? <p className="console-page__subtitle">{subtitle}</p> : null}
      </div>
      {extra ? <div>{extra}</div> : null}
    </div>
  );
}
