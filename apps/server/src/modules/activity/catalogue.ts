import { activityDetail } from './activity-detail';
import { activityGroup } from './activity-group';
import { activityPage } from './activity-page';
import { activityPark } from './activity-park';
import { admitToDraw } from './admit-to-draw';
import { visibleActivity } from './catalogue-steps';
import type { ActivityContext } from './context';
import { drawParams } from './draw-params';
import { fairnessRecord } from './fairness-record';
import { joinDate } from './join-date';

/**
 * What customers read of the activities: the park, a detail, its page, eligibility, the fairness record.
 * One use case per file; this only binds them.
 */
export function createCatalogue(ctx: ActivityContext) {
  const use =
    <A extends unknown[], R>(useCase: (c: ActivityContext, ...args: A) => R) =>
    (...args: A) =>
      useCase(ctx, ...args);
  return {
    load: ctx.cache.load,
    visible: use(visibleActivity),
    admit: use(admitToDraw),
    fairnessRecord: use(fairnessRecord),
    detail: use(activityDetail),
    joinDate: use(joinDate),
    group: use(activityGroup),
    page: use(activityPage),
    param: use(drawParams),
    park: use(activityPark),
  };
}
export type Catalogue = ReturnType<typeof createCatalogue>;
