import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Db } from '../db';
import type { ActivityService } from '../modules/activity/service';
import * as corpRepo from '../modules/corp/repo';
import { parseDefinition } from './definition';
import { applyDefinition, type ImportSummary } from './import';

export const DEMO_FILE = fileURLToPath(new URL('../../campaigns/demo.yaml', import.meta.url));

type Publisher = Pick<ActivityService, 'publish' | 'publishGroup'>;

export async function seedDemo(db: Db, activities: Publisher, now: number): Promise<ImportSummary> {
  return applyDefinition(db, activities, parseDefinition(readFileSync(DEMO_FILE, 'utf8'), 'demo.yaml', now), now);
}

/** Seeds only an empty database, so a restart never overwrites what an operator changed. */
export async function seedDemoIfEmpty(db: Db, activities: Publisher, now: number): Promise<boolean> {
  if ((await corpRepo.countCorps(db)) > 0) return false;
  await seedDemo(db, activities, now);
  return true;
}
