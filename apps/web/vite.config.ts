import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

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
  plugins: [react()],
  resolve: { dedupe: REACT },
  build: {
    // bench/budgets.mjs reads the manifest to measure the first view of each route.
    manifest: true,
    target: 'es2020',
    cssCodeSplit: true,
    modulePreload: { polyfill: false },
    reportCompressedSize: false,
  },
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test-setup.ts'],
    server: { deps: { inline: INLINE_IN_TESTS } },
  },
});
