import type { PrizeDraft } from '../../../shared/campaign/api';

// The editor's live figures. TEMPORARY until packages/contract/src/campaign-draft.ts lands (i23b): then this
// file re-exports oddsTable / expectedCostPer1000 / exposure from there, so the editor shows exactly what the
// server checks and the rules page publishes.

export interface OddsRow {
  id: string;
  weight: number;
  probability: number;
  percentText: string;
}

function percentText(weight: number, total: number): string {
  const w = BigInt(weight);
  const t = BigInt(total);
  const hundredths = (w * 20000n + t) / (2n * t);
  if (hundredths === 0n && w > 0n) return '<0.01%';
  if (hundredths === 10000n && w < t) return '>99.99%';
  return `${hundredths / 100n}.${(hundredths % 100n).toString().padStart(2, '0')}%`;
}

export function oddsTable(prizes: readonly Pick<PrizeDraft, 'id' | 'weight'>[]): OddsRow[] {
  const total = prizes.reduce((s, p) => s + Math.max(0, p.weight || 0), 0);
  if (total <= 0) return [];
  return prizes.map((p) => ({
    id: p.id,
    weight: p.weight,
    probability: p.weight / total,
    percentText: percentText(Math.max(0, p.weight || 0), total),
  }));
}

export function expectedCostPer1000(prizes: readonly Pick<PrizeDraft, 'id' | 'weight' | 'valueCents'>[]): number {
  const total = prizes.reduce((s, p) => s + Math.max(0, p.weight || 0), 0);
  if (total <= 0) return 0;
  return Math.round(prizes.reduce((s, p) => s + ((p.weight || 0) / total) * (p.valueCents || 0), 0) * 1000);
}

/** Σ value × stock; null when a prize with a value has unlimited stock (no bound). */
export function exposure(prizes: readonly Pick<PrizeDraft, 'stock' | 'valueCents'>[]): number | null {
  let sum = 0;
  for (const p of prizes) {
    if (!p.valueCents) continue;
    if (p.stock === null || p.stock === undefined) return null;
    sum += p.valueCents * p.stock;
  }
  return sum;
}
