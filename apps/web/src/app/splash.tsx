import { t } from '../shared/i18n/messages';

/** Shown while the first route loads; the same markup as the static splash in index.html (brand line included). */
export function Splash() {
  return (
    <div className="splash" role="status" aria-busy="true">
      <div className="splash-dot" />
      <b className="splash-brand">{t('app.brand')}</b>
    </div>
  );
}
