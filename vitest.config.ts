import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/server', 'apps/web', 'apps/console'],
    // 2 cores: two test files at a time (PostgreSQL suites each use their own schema).
    maxWorkers: 2,
  },
});
