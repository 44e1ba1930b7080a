import { type PrizeConfig, validatePrizeTable } from './engine';
import { commitment, newSeed } from './fairness';
import { oddsTable } from './odds';

/** The draw's technical explanation, in each language the H5 speaks (the rules page shows the reader's). */
export const FAIRNESS_ALGORITHM = {
  'zh-CN':
    '每次抽奖的随机数 = HMAC-SHA256(种子, "<用户编号>:d<第几次抽奖>")，以拒绝采样法映射到 [0, 权重总和) 区间；' +
    '随机数落在哪个奖品的累计权重区间，即抽中该奖品。活动开始前公布承诺值 = SHA-256(种子)，活动结束后公布种子，' +
    '任何人都可据此复算每一次抽奖。',
  'en-US':
    'roll = HMAC-SHA256(seed, "<userId>:d<drawIndex>") mapped to [0, total weight) by rejection sampling; ' +
    'the prize is the one whose cumulative weight interval holds the roll; commitment = SHA-256(seed)',
} as const;

/**
 * The draw's rules as the activity module needs them at publication and on the rules page (validate a
 * prize table, show its odds, commit to a seed). Pure functions: createServices hands this object to
 * the activity service, so the odds shown and the odds drawn come from one engine.
 */
export const drawRules = {
  algorithm: FAIRNESS_ALGORITHM,
  tableProblems: (prizes: readonly PrizeConfig[]): string[] => validatePrizeTable(prizes).map((p) => p.message),
  odds: (prizes: readonly PrizeConfig[]) => oddsTable(prizes, 0),
  newSeed,
  commitment,
};
