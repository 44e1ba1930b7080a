import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

/** Pre-compressed siblings (.br, .gz) of text assets: the server sends them to clients that accept them. */
function precompress(): Plugin {
  return {
    name: 'console:precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      for (const name of Object.keys(bundle)) {
        if (!/\.(js|css|svg|json)$/.test(name) || name.startsWith('.vite/')) continue;
        const path = join(dir, name);
        const data = readFileSync(path);
        if (data.length < 1024) continue;
        writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
        writeFileSync(`${path}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}

// The operator console (docs/console.md): its own build, served by the server under /console/. It never
// shares a chunk with the H5 (a separate Vite project; dependency-cruiser forbids imports either way).
export default defineConfig({
  base: '/console/',
  plugins: [react(), precompress()],
  resolve: { dedupe: ['react', 'react-dom'] },
  build: {
    // bench/budgets.mjs reads the manifest to name the console's first view.
    manifest: true,
    target: 'es2022',
    cssCodeSplit: true,
    modulePreload: { polyfill: false },
    reportCompressedSize: false,
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: 'react-vendor', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ }],
        },
      },
    },
  },
  server: { proxy: { '/bmcs': 'http://localhost:8080' } },
  // Unit tests (`npx vitest run --project console`), set up as the H5's: a DOM, Testing Library, one React.
  test: {
    name: 'console',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test-setup.ts'],
    // antd's first render is slow on a shared 2-core machine.
    testTimeout: 30_000,
    server: {
      deps: {
        inline: [
          /antd/,
          /@ant-design/,
          /rc-/,
          /@rc-component/,
          /@testing-library\/react/,
          /@tanstack\/react-query/,
          /react-router/,
        ],
      },
    },
  },
});
