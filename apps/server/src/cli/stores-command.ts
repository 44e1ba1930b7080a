import { readFileSync } from 'node:fs';
import { importStoresCsv, parseStoresCsv } from '../campaign-file/stores-definition';
import type { Db } from '../db';

/** `stores import <file.csv> --corp X --list Y [--name N]`: 0 on success, 2 on a usage error. */
export async function storesCommand(db: Db, args: string[]): Promise<number> {
  const [sub, file, ...rest] = args;
  const flag = (name: string) => {
    const i = rest.indexOf(`--${name}`);
    return i >= 0 ? rest[i + 1] : undefined;
  };
  const corp = flag('corp');
  const list = flag('list');
  if (sub !== 'import' || !file || !corp || !list) {
    console.error(
      'Usage: npm run cli -- stores import <file.csv> --corp <corpId> --list <listId> [--name <list name>]',
    );
    return 2;
  }
  const stores = parseStoresCsv(readFileSync(file, 'utf8'), file);
  const r = await importStoresCsv(db, corp, list, flag('name'), stores, Date.now());
  console.log(`imported ${file}: ${JSON.stringify(r)}`);
  return 0;
}
