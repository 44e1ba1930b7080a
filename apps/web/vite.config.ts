import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

/**
 * Writes dist/.vite/chunk-modules.json (chunk file → the node_modules packages inside it), so
 * bench/budgets.mjs can check that no screen-only library sits in the entry chunk.
 */
function chunkModules(): Plugin {
  return {
    name: 'campaign:chunk-modules',
    apply: 'build',
    generateBundle(options, bundle) {
      const out: Record<string, string[]> = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const packages = new Set<string>();
        for (const id of chunk.moduleIds) {
          const match = /node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(
            id.split('node_modules').length > 1 ? id.slice(id.lastIndexOf('node_modules')) : '',
          );
          if (match?.[1]) packages.add(match[1].replace('\\', '/'));
        }
        out[chunk.fileName] = [...packages].sort();
      }
      const file = join(options.dir ?? 'dist', '.vite', 'chunk-modules.json');
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, `${JSON.stringify(out, null, 2)}\n`);
    },
  };
}

/**
 * The first view must not wait for the entry to run before it fetches the screen: writes
 * dist/.vite/route-preloads.json (route path → that route's chunk, everything it imports statically, all
 * the way down, and their CSS; files the entry already loads left out), read from the route table. The
 * server puts those files in the page it sends for the path as `<link>`s (apps/server/src/platform/web.ts),
 * so the browser fetches them beside the entry, with no script to run first.
 */
function routePreload(): Plugin {
  return {
    name: 'campaign:route-preload',
    apply: 'build',
    writeBundle(options, bundle) {
      const entry = Object.values(bundle).find((c) => c.type === 'chunk' && c.isEntry);
      const inEntry = new Set<string>();
      const closure = (name: string, into: Set<string>) => {
        const c = bundle[name];
        if (c?.type !== 'chunk' || into.has(c.fileName)) return;
        into.add(c.fileName);
        for (const css of c.viteMetadata?.importedCss ?? []) into.add(css);
        for (const next of c.imports) closure(next, into);
      };
      if (entry) closure(entry.fileName, inEntry);
      const table = readFileSync(join(import.meta.dirname, 'src/app/routes.tsx'), 'utf8');
      const map: Record<string, string[]> = {};
      for (const m of table.matchAll(/path:\s*'([^']+)'[^\n]*?import\('([^']+)'\)/g)) {
        const [, path = '', rel = ''] = m;
        const target = join(import.meta.dirname, 'src/app', rel);
        const chunk = Object.values(bundle).find(
          (c) => c.type === 'chunk' && c.isDynamicEntry && c.facadeModuleId?.replace(/\.[tj]sx?$/, '') === target,
        );
        if (chunk?.type !== 'chunk') continue;
        const files = new Set<string>();
        closure(chunk.fileName, files);
        map[path] = [...files].filter((file) => !inEntry.has(file));
      }
      const file = join(options.dir ?? 'dist', '.vite', 'route-preloads.json');
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, `${JSON.stringify(map, null, 2)}\n`);
    },
  };
}

/** Pre-compressed siblings (.br, .gz) of text assets, for servers that serve them (e.g. @fastify/static `preCompressed`). */
function precompress(): Plugin {
  return {
    name: 'campaign:precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      for (const name of Object.keys(bundle)) {
        if (!/\.(js|css|html|svg|json)$/.test(name) || name.startsWith('.vite/')) continue;
        const path = join(dir, name);
        const data = readFileSync(path);
        if (data.length < 1024) continue;
        writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
        writeFileSync(`${path}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}

// The workspace root hoists React 18 (pulled in by other packages' peer ranges) while this app
// depends on React 19 in apps/web/node_modules. `dedupe` makes every import of react/react-dom —
// including those inside antd-mobile, react-router and TanStack Query — resolve to this app's copy.
const REACT = ['react', 'react-dom'];
// Libraries that import React must go through Vite's resolver in tests too, or Node would hand
// them the hoisted React 18 and hooks would run against two Reacts.
const INLINE_IN_TESTS = [
  /antd-mobile/,
  /@testing-library\/react/,
  /@tanstack\/react-query/,
  /react-router/,
  /zustand/,
  /@react-spring/,
  /@use-gesture/,
  /ahooks/,
  /rc-util/,
  /rc-field-form/,
  /rc-motion/,
  /rc-segmented/,
];

export default defineConfig({
  plugins: [react(), chunkModules(), routePreload(), precompress()],
  resolve: { dedupe: REACT },
  build: {
    // bench/budgets.mjs reads the manifest to measure the first view of each route.
    manifest: true,
    target: 'es2020',
    cssCodeSplit: true,
    modulePreload: { polyfill: false },
    reportCompressedSize: false,
    rolldownOptions: {
      output: {
        // Named shared chunks: easier to read in bench/budgets.mjs output. Both are needed by the
        // entry anyway (React to render, the contract for the request layer).
        codeSplitting: {
          groups: [
            { name: 'react-vendor', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            // The contract's own modules only, not what they import (the error catalogue is read by the draw
            // alone): /login's first view 110.4 -> 109.7 KiB gzip.
            {
              name: 'contract',
              test: /(node_modules[\\/]zod[\\/]|packages[\\/]contract[\\/](?!src[\\/]errors\.ts))/,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test-setup.ts'],
    server: { deps: { inline: INLINE_IN_TESTS } },
  },
});
