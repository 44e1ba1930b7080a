import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { routes } from './client';
import { forms } from './client-forms';
import { CLIENT_FORMS_FILE, FORM_SCHEMAS, renderClientForms } from './client-forms.gen';
import { CLIENT_ROUTES_FILE, renderClientRoutes } from './client-routes.gen';
import { isSuccessCode } from './envelope-code';
import { fieldProblems } from './form-rules';
import { endpoints } from './table';

const SRC = dirname(fileURLToPath(import.meta.url));

/** Relative modules a file loads at run time (`import type` / `export type` are erased). */
function runtimeImports(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const specs: string[] = [];
  for (const m of source.matchAll(/^(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?'([^']+)'/gm)) {
    if (m[1]) specs.push(m[1]);
  }
  return specs;
}

describe("form rules for the browser, generated from the server's schemas", () => {
  it('client-forms.ts is what the schemas generate (run `npm run contract:routes` when this fails)', () => {
    expect(readFileSync(CLIENT_FORMS_FILE, 'utf8')).toBe(renderClientForms());
  });

  const good = {
    name: '李四',
    mobile: '13912345678',
    provinceCode: '310000',
    cityCode: '310100',
    districtCode: '310115',
    detail: '世纪大道 100 号',
  };
  const cases: Array<Partial<typeof good>> = [
    {},
    { name: '李' },
    { name: '  李  ' },
    { name: '张'.repeat(21) },
    { name: '张'.repeat(20) },
    { mobile: '02112345678' },
    { mobile: '139123456789' },
    { districtCode: '' },
    { cityCode: '31010' },
    { detail: '   一二三四   ' },
    { detail: 'x'.repeat(121) },
    { detail: 'x'.repeat(120) },
    { name: '😀' },
  ];
  it.each(cases)('flags exactly the fields the server refuses, with its message: %o', (patch) => {
    const input = { ...good, ...patch };
    const server = FORM_SCHEMAS.address.safeParse(input);
    const refused = Object.fromEntries(
      (server.error?.issues ?? []).map((i) => [String(i.path[0]), i.message.replace(/^i18n:/, '')]),
    );
    expect(fieldProblems(forms.address, input)).toEqual(refused);
  });
});

describe('client route metadata', () => {
  it('client-routes.ts is what the table generates (run `npm run contract:routes` when this fails)', () => {
    expect(readFileSync(CLIENT_ROUTES_FILE, 'utf8')).toBe(renderClientRoutes());
  });

  it('has every endpoint of the table with the same method, path, version, loading, access, idempotency, download type and upload', () => {
    expect(Object.keys(routes).sort()).toEqual(Object.keys(endpoints).sort());
    for (const [name, ep] of Object.entries(endpoints)) {
      const route = routes[name as keyof typeof routes];
      expect(route, name).toEqual({
        name,
        method: ep.method,
        path: ep.path,
        version: ep.version,
        loading: ep.loading,
        access: ep.access,
        idempotent: 'idempotent' in ep && ep.idempotent === true,
        ...('produces' in ep && ep.produces ? { produces: ep.produces.type } : {}),
        ...('upload' in ep && ep.upload ? { upload: ep.upload } : {}),
      });
    }
  });

  it('notices a table change: a renamed path renders a different file', () => {
    const changed = { ...endpoints, logout: { ...endpoints.logout, path: '/auth/sign-out' } };
    expect(renderClientRoutes(changed)).not.toBe(renderClientRoutes());
    expect(renderClientRoutes(changed)).toContain("path: '/auth/sign-out'");
  });
});

describe('@campaign/contract/client', () => {
  it('never loads zod at run time, directly or through the modules it imports', () => {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const spec of runtimeImports(file)) {
        expect(spec.startsWith('zod'), `${file} loads ${spec}`).toBe(false);
        if (spec.startsWith('.')) visit(join(dirname(file), `${spec}.ts`));
      }
    };
    visit(join(SRC, 'client.ts'));
    // The walk reached the modules with run-time values (so it checked something).
    expect([...seen].map((f) => f.slice(SRC.length + 1)).sort()).toEqual(
      expect.arrayContaining([
        'client-routes.ts',
        'cookies.ts',
        'errors.ts',
        'locale.ts',
        'mask-mobile.ts',
        'paths.ts',
      ]),
    );
  });

  it('the package exports it as a subpath', () => {
    const pkg = JSON.parse(readFileSync(join(SRC, '../package.json'), 'utf8')) as { exports: Record<string, string> };
    expect(pkg.exports['./client']).toBe('./src/client.ts');
  });

  it('isSuccessCode: spec §5, code 0 (number or string) is success, anything else is not', () => {
    for (const code of [0, '0']) expect(isSuccessCode(code)).toBe(true);
    for (const code of [1, '1', '', null, undefined, 401, 'ok']) expect(isSuccessCode(code)).toBe(false);
  });
});
