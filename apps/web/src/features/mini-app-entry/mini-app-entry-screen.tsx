import { useEffect } from 'react';
import { t } from '../../shared/i18n/messages';
import { safeInternalPath } from '../../shared/lib/query-params';
import { useNavigate, useSearchParams } from '../../shared/navigation/navigation';
import { currentCorpId, homePath } from '../../shared/navigation/paths';
import { useGlobalStore } from '../../shared/store/global-store';
import './mini-app-entry-screen.css';

/** `?miniAppId=…&target=/path?query`: where the mini-app wants the user to land; else the corp's home. */
export function entryTarget(params: URLSearchParams, corpId: string | null = currentCorpId(`?${params}`)): string {
  return safeInternalPath(params.get('target') ?? params.get('redirect'), homePath(corpId));
}

/** /miniAppEntry: stores the mini-app id (persisted under ELIFE_MINI_APP_ID) and forwards to the target. */
export function MiniAppEntryScreen() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const setMiniAppId = useGlobalStore((s) => s.setMiniAppId);

  useEffect(() => {
    const miniAppId = params.get('miniAppId');
    if (miniAppId) setMiniAppId(miniAppId);
    navigate(entryTarget(params), { replace: true });
  }, [params, navigate, setMiniAppId]);

  return (
    <div className="entry" aria-busy="true">
      <div className="entry-ring" />
      <p className="entry-title">{t('miniApp.entering')}</p>
      <p className="entry-hint">{t('miniApp.hint')}</p>
    </div>
  );
}
