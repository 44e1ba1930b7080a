import type { PageConfig } from '@campaign/contract';
import type { Corp } from '../../platform/tenancy';
import { visibleActivity } from './catalogue-steps';
import type { ActivityContext } from './context';

/** The page configuration of a visible activity. */
export async function activityPage(ctx: ActivityContext, corp: Corp, actId: string): Promise<PageConfig> {
  return (await visibleActivity(ctx, corp.id, actId)).page;
}
