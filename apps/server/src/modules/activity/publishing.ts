import type { ActivityContext } from './context';
import { describeRulesChange } from './describe-rules-change';
import { endActivity } from './end-activity';
import { publicationRecord } from './publication-record';
import { publishActivity } from './publish-activity';
import { publishGroup } from './publish-group';
import { rulesChangeEffect } from './rules-change-effect';
import { setPaused } from './set-paused';

export { MAX_LOTTERY_PRIZE_CENTS, publicationProblems } from './publication-rules';

/**
 * How activities are made and changed: publication, versions, groups, ending, the rules-change approval.
 * One use case per file; this only binds them.
 */
export function createPublishing(ctx: ActivityContext) {
  const use =
    <A extends unknown[], R>(useCase: (c: ActivityContext, ...args: A) => R) =>
    (...args: A) =>
      useCase(ctx, ...args);
  return {
    publish: use(publishActivity),
    publishGroup: use(publishGroup),
    setPaused: use(setPaused),
    record: use(publicationRecord),
    forget: ctx.cache.forget,
    end: use(endActivity),
    describeRulesChange: use(describeRulesChange),
    rulesChangeEffect: rulesChangeEffect(ctx),
  };
}
export type Publishing = ReturnType<typeof createPublishing>;
