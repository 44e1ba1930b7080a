import { t } from '../messages';
import { distinctWinners, type RecentWinner } from '../model/activity-data';

/**
 * Recent winners scrolling upwards. The list is doubled and moved with a CSS transform animation
 * (compositor-only); under prefers-reduced-motion it stands still and shows the newest few.
 */
export function WinnersMarquee({ winners }: { winners: readonly RecentWinner[] }) {
  if (winners.length === 0) {
    return (
      <div className="act-marquee is-empty" data-testid="winners-marquee">
        <span className="act-marquee__badge">{t('act.winnersTitle')}</span>
        <span className="act-marquee__empty">{t('act.winnersEmpty')}</span>
      </div>
    );
  }
  // Each winner once; the list is doubled only for the seamless wrap of the scroll (the copy is hidden).
  const rows = distinctWinners(winners).slice(0, 20);
  const loop = rows.length > 1 ? [...rows, ...rows] : rows;
  return (
    <div className="act-marquee" data-testid="winners-marquee">
      <span className="act-marquee__badge">{t('act.winnersTitle')}</span>
      <div className="act-marquee__window">
        <ul
          className={rows.length > 1 ? 'act-marquee__list is-moving' : 'act-marquee__list'}
          style={{ animationDuration: `${rows.length * 2.4}s` }}
        >
          {loop.map((w, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the doubled list repeats entries
            <li key={i} className="act-marquee__row" aria-hidden={i >= rows.length ? true : undefined}>
              {t('act.winnerRow', { who: w.who, prize: w.prizeName })}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
