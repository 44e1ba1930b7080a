import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Db } from '../db';
import * as corpRepo from '../modules/corp/repo';
import type { DrawService } from '../modules/draw/service';
import { parseDefinition } from './definition';
import { applyDefinition, type ImportSummary } from './import';

export const DEMO_FILE = fileURLToPath(new URL('../../campaigns/demo.yaml', import.meta.url));

export async function seedDemo(db: Db, draws: DrawService, now: number): Promise<ImportSummary> {
  return applyDefinition(db, draws, parseDefinition(readFileSync(DEMO_FILE, 'utf8'), 'demo.yaml', now), now);
}

/** Seeds only an empty database, so a restart never overwrites what an operator changed. */
export async function seedDemoIfEmpty(db: Db, draws: DrawService, now: number): Promise<boolean> {
  if ((await corpRepo.countCorps(db)) > 0) return false;
  await seedDemo(db, draws, now);
  return true;
}
