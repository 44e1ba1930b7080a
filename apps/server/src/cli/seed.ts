import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type Definition, parseDefinition } from '../campaign-file/definition';
import { applyDefinition, type ImportSummary } from '../campaign-file/import';
import type { Config } from '../config';
import type { Db } from '../db';
import type { Publishing } from '../modules/activity/publishing';
import * as corpRepo from '../platform/tenancy';

export const DEMO_FILE = fileURLToPath(new URL('../../campaigns/demo.yaml', import.meta.url));

type Publisher = Pick<Publishing, 'publish' | 'publishGroup'>;

export async function seedDemo(db: Db, activities: Publisher, now: number): Promise<ImportSummary> {
  return applyDefinition(db, activities, parseDefinition(readFileSync(DEMO_FILE, 'utf8'), 'demo.yaml', now), now);
}

/** Seeds only an empty database, so a restart never overwrites what an operator changed. */
export async function seedDemoIfEmpty(db: Db, activities: Publisher, now: number): Promise<boolean> {
  if ((await corpRepo.countCorps(db)) > 0) return false;
  await seedDemo(db, activities, now);
  return true;
}

/** The app secrets of the demo file: published in this repository, so never acceptable in production. */
export function demoSecrets(): Set<string> {
  return new Set(parseDefinition(readFileSync(DEMO_FILE, 'utf8'), 'demo.yaml').corps.map((c) => c.appSecret));
}

/** Production is NODE_ENV=production without an explicit DEMO_MODE (a benchmark may run a demo that way). */
export const refusesDemoData = (config: Pick<Config, 'env' | 'demoMode'>): boolean =>
  config.env === 'production' && !config.demoMode;

/** Corps of a definition that would carry a published demo secret. */
export function corpsWithDemoSecrets(def: Pick<Definition, 'corps'>): string[] {
  const published = demoSecrets();
  return def.corps.filter((c) => published.has(c.appSecret)).map((c) => c.id);
}

/**
 * Refuses to serve production while any corp signs tickets with a published demo secret: anyone could
 * mint a ticket for any customer of that corp.
 */
export async function assertNoDemoSecrets(db: Db): Promise<void> {
  const corps = await corpRepo.corpsWithSecrets(db, [...demoSecrets()]);
  if (corps.length) {
    throw new Error(
      `corp ${corps.join(', ')} uses a published demo appSecret; import its real secret ` +
        '(npm run cli -- import <file.yaml>) before starting with NODE_ENV=production',
    );
  }
}
