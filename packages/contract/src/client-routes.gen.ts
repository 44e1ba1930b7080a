import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Endpoint } from './endpoint';
import { endpoints } from './table';

export const CLIENT_ROUTES_FILE = fileURLToPath(new URL('./client-routes.ts', import.meta.url));

function literal(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(literal).join(', ')}]`;
  if (typeof value === 'object' && value !== null) {
    return `{ ${Object.entries(value)
      .map(([k, v]) => `${k}: ${literal(v)}`)
      .join(', ')} }`;
  }
  return typeof value === 'string' ? `'${value.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'` : String(value);
}

function routeOf(name: string, ep: Endpoint): Record<string, unknown> {
  return {
    name,
    method: ep.method,
    path: ep.path,
    version: ep.version,
    loading: ep.loading,
    access: ep.access,
    idempotent: ep.idempotent === true,
    // Only downloads carry it, so the other lines stay as they were.
    ...(ep.produces ? { produces: ep.produces.type } : {}),
    ...(ep.upload ? { upload: ep.upload } : {}),
  };
}

/**
 * Source of client-routes.ts: the table's route metadata as plain data, so the browser can call the
 * server without loading zod. Written by `npm run contract:routes`; client.test.ts fails when stale.
 */
export function renderClientRoutes(table: Record<string, Endpoint> = endpoints): string {
  const lines = Object.entries(table)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, ep]) => {
      const fields = Object.entries(routeOf(name, ep)).map(([key, value]) => `${key}: ${literal(value)}`);
      return `  ${name}: { ${fields.join(', ')} },`;
    });
  return [
    '// Generated from the endpoint table by `npm run contract:routes` (src/client-routes.gen.ts): do not edit.',
    "import type { RouteTable } from './route-meta';",
    '',
    '// biome-ignore format: one line per endpoint, as generated',
    'export const routes = {',
    ...lines,
    '} as const satisfies RouteTable;',
    '',
  ].join('\n');
}

// `tsx packages/contract/src/client-routes.gen.ts` rewrites the file.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(CLIENT_ROUTES_FILE, renderClientRoutes());
  process.stdout.write(`wrote ${CLIENT_ROUTES_FILE}\n`);
}
