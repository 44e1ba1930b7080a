import { useEffect, useState } from 'react';
import { t } from '../../../shared/i18n/messages';
import { useSearchParams } from '../../../shared/navigation/navigation';
import { loadDetail, loadGroup } from '../api/activity-loader';
import { ActivityCard } from '../components/activity-card';
import { FestiveDecor } from '../components/activity-frame';
import { StatePanel } from '../components/state-panel';
import { WinnersMarquee } from '../components/winners-marquee';
import { browserLoaderDeps } from '../hooks/use-activity';
import { refreshOne, useActivityStore, winnersOf } from '../model/activity-state';
import '../components/activity.css';
import './activity-v2-screen.css';

/** /v2/activity?actGroupId=… or ?actId=…: the landing of a group (or one activity) linking to its games. */
export function ActivityV2Screen() {
  const [params] = useSearchParams();
  const groupParam = params.get('actGroupId');
  const actId = params.get('actId');
  const [status, setStatus] = useState<'loading' | 'ready' | 'missing'>('loading');
  const [ids, setIds] = useState<string[]>([]);
  const details = useActivityStore((s) => s.detailList);
  const state = useActivityStore();

  useEffect(() => {
    let live = true;
    setStatus('loading');
    const store = useActivityStore.getState();
    void (async () => {
      let groupId = groupParam;
      if (!groupId && actId) {
        const detail = await loadDetail(browserLoaderDeps, actId);
        if (!live) return;
        if (!detail) return setStatus('missing');
        if (!detail.actGroupId) {
          store.update((s) => refreshOne(s, actId, { detail }));
          setIds([actId]);
          return setStatus('ready');
        }
        groupId = detail.actGroupId;
      }
      if (!groupId) return setStatus('missing');
      const loaded = await loadGroup(browserLoaderDeps, groupId);
      if (!live) return;
      if (!loaded?.group) return setStatus('missing');
      store.set(loaded);
      setIds(loaded.group.showActIds);
      setStatus('ready');
    })();
    return () => {
      live = false;
    };
  }, [groupParam, actId]);

  const cards = ids
    .map((id) => details.find((d) => d.actId === id)?.detail)
    .filter((d) => d !== null && d !== undefined);
  const winners = ids.flatMap((id) => winnersOf(state, id)).sort((a, b) => b.at - a.at);
  const first = cards[0];
  return (
    <div className="act-page v2">
      <FestiveDecor />
      <header className="act-hero">
        <p className="act-hero__kicker">{t('act.kicker')}</p>
        <h1 className="act-hero__title">{t('v2.heading')}</h1>
        {first && <p className="act-hero__sub">{first.subtitle}</p>}
      </header>
      <main className="act-stage v2-stage">
        {status === 'loading' && <StatePanel gate="loading" />}
        {status === 'missing' && <StatePanel gate="missing" />}
        {status === 'ready' && (
          <>
            <h2 className="v2-games">{t('v2.games')}</h2>
            <div className="act-tiles" data-testid="v2-list">
              {cards.map((d) => (
                <ActivityCard key={d.actId} activity={d} />
              ))}
            </div>
          </>
        )}
      </main>
      <WinnersMarquee winners={winners} />
    </div>
  );
}
