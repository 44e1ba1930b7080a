import { award } from './award';
import { createAwardMarks } from './award-marks';
import { awardOfDraw } from './award-of-draw';
import { consumeRate } from './consume-rate';
import type { PrizesDeps } from './deps';
import { exchange } from './exchange';
import { createHeldAwards } from './held';
import { myPrizes } from './my-prizes';
import { pointsBalance } from './points-balance';
import { recentWinners } from './recent-winners';
import { winningList } from './winning-list';

export type { PrizesDeps };
export { createAwardMarks };

/** The prizes module by use case, one file each; this only binds them to the module's deps. */
export function createPrizesService(deps: PrizesDeps) {
  return {
    ...createHeldAwards(deps),
    award: award.bind(null, deps),
    awardOfDraw: awardOfDraw.bind(null, deps),
    winningList: winningList.bind(null, deps),
    recentWinners: recentWinners.bind(null, deps),
    consumeRate: consumeRate.bind(null, deps),
    pointsBalance: pointsBalance.bind(null, deps),
    myPrizes: myPrizes.bind(null, deps),
    exchange: exchange.bind(null, deps),
  };
}
export type PrizesService = ReturnType<typeof createPrizesService>;
