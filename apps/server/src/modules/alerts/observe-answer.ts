import type { AlertsContext } from './context';

/** Counts one answer for the error and 429 rate rules (app.ts onResponse; memory only). */
export const observeAnswer = ({ traffic, clock }: AlertsContext, corpId: string | undefined, status: number) =>
  traffic.observe(corpId, status, clock());
