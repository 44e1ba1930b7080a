import type { PublicPrize } from '@campaign/contract/client';
import { imageUrl } from '#web/shared/lib/image-url';
import { t } from '../messages';

/**
 * A prize that unlocks after some draws has no chance at the first draw, which the published figure
 * is for: "0.00%" next to a prize that can be won later reads as a rounding error, so it says so in words.
 */
export function locked(p: Pick<PublicPrize, 'probability' | 'unlockAfterDraws'>): boolean {
  return p.probability === 0 && p.unlockAfterDraws !== null && p.unlockAfterDraws > 0;
}

/** 每天 10:00 发放 1000 份，未抽完的顺延: a paced prize's published schedule (ADR 0063), in words. */
export function releaseText(r: NonNullable<PublicPrize['release']>): string {
  const when = r.every === 'hour' ? t('rules.releaseHourly') : t('rules.releaseDaily', { at: r.at ?? '00:00' });
  return t(r.rollover ? 'rules.releaseRolls' : 'rules.releaseLapses', { when, n: r.units });
}

/**
 * Prize count and probability, straight from the prize table the server computed (percentText,
 * totalStock): nothing here is typed by hand.
 */
export function OddsTable({ prizes }: { prizes: readonly PublicPrize[] }) {
  return (
    <table className="odds" data-testid="odds-table">
      <thead>
        <tr>
          <th scope="col">{t('rules.prize')}</th>
          <th scope="col">{t('rules.count')}</th>
          <th scope="col">{t('rules.probability')}</th>
        </tr>
      </thead>
      <tbody>
        {prizes.map((p) => (
          <tr key={p.id} data-prize-id={p.id}>
            <td>
              <span className="odds__prize">
                <img className="odds__img" src={imageUrl(p.image)} alt="" loading="lazy" decoding="async" />
                <span>
                  {p.name}
                  {p.unlockAfterDraws !== null && p.unlockAfterDraws > 0 && (
                    <small className="odds__note">{t('rules.unlock', { n: p.unlockAfterDraws + 1 })}</small>
                  )}
                  {p.release && (
                    <small className="odds__note" data-testid="odds-release">
                      {releaseText(p.release)}
                    </small>
                  )}
                </span>
              </span>
            </td>
            <td className="odds__num">{p.totalStock === null ? t('rules.unlimited') : p.totalStock}</td>
            <td className="odds__num odds__pct">
              {locked(p) ? (
                <span className="odds__locked" data-testid="odds-locked">
                  {t('rules.locked', { n: p.unlockAfterDraws ?? 1 })}
                </span>
              ) : (
                p.percentText
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
