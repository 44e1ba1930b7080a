import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { OWNERS, rawTables, tableOwners, views } from './owners';

/** docs/tables.md, generated from db/owners.ts (`npm run tables:doc`; owners.test.ts checks it is current). */
export function tablesDoc(): string {
  const out = [
    '# Who owns which table',
    '',
    'Generated from `apps/server/src/db/owners.ts` by `npm run tables:doc`; `db/owners.test.ts` fails when it is',
    "out of date. A module’s repository sees a Kysely of its own tables only (`Own<'prizes'>`), so naming",
    'another module’s table does not compile; what it reads of another’s tables comes through a port or one',
    'of the read-only views below (ADR 0008).',
    '',
    '| module | tables it owns |',
    '|---|---|',
  ];
  for (const m of OWNERS) {
    const own = Object.entries(tableOwners)
      .filter(([, o]) => o === m)
      .map(([t]) => `\`${t}\``);
    const raw = Object.entries(rawTables)
      .filter(([, r]) => r.owner === m)
      .map(([t]) => `\`${t}\` (raw SQL)`);
    if (own.length || raw.length) out.push(`| ${m} | ${[...own, ...raw].join(', ')} |`);
  }
  out.push(
    '',
    '## Read-only views the owners declare',
    '',
    '| table (owner) | columns | read by | why |',
    '|---|---|---|---|',
  );
  for (const [t, v] of Object.entries(views)) {
    const owner = tableOwners[t as keyof typeof tableOwners];
    out.push(`| \`${t}\` (${owner}) | ${v.columns.join(', ')} | ${v.readers.join(', ')} | ${v.why} |`);
  }
  return `${out.join('\n')}\n`;
}

export const TABLES_DOC = fileURLToPath(new URL('../../../../docs/tables.md', import.meta.url));

if (process.argv[1] === fileURLToPath(import.meta.url)) writeFileSync(TABLES_DOC, tablesDoc());
