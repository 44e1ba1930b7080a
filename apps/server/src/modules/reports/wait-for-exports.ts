import type { ReportsContext } from './context';

/** Waits for the exports running in this process (shutdown, tests). */
export async function waitForExports({ running }: ReportsContext): Promise<void> {
  await Promise.allSettled([...running]);
}
