import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Integration suites share one PostgreSQL database per file via their own schemas; keep 2 workers on 2 cores.
    maxWorkers: 2,
  },
});
