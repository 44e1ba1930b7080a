import { type MessageKey, SERVER_VALUE_LABEL } from '../messages';

type Context = ReadonlyArray<{ label: string; value: string }>;

/** Approving a prize worth more than this asks the approver to confirm first (issue 21 §6): ¥1,000. */
export const CONFIRM_ABOVE_CENTS = 100_000;

/** The labels that carry a prize's value in a request's context (the server writes 奖品价值). */
const VALUE_LABELS = new Set([SERVER_VALUE_LABEL, 'valueCents', 'value']);

/** "¥4,999" / "¥4999.00" → 499900; null when the request names no value. */
export function prizeValueCents(context: Context): number | null {
  const line = context.find((c) => VALUE_LABELS.has(c.label));
  if (!line) return null;
  if (line.label === 'valueCents') return Number.isFinite(Number(line.value)) ? Number(line.value) : null;
  const digits = line.value.replace(/[^\d.]/g, '');
  const yuan = Number.parseFloat(digits);
  return Number.isFinite(yuan) ? Math.round(yuan * 100) : null;
}

/** The approver confirms before approving this request. */
export function needsConfirmation(context: Context): boolean {
  const cents = prizeValueCents(context);
  return cents !== null && cents > CONFIRM_ABOVE_CENTS;
}

/** Raw field keys some requests carry (awardId, storeId, …) named in words; other labels shown as they are. */
const FIELD_LABEL: Record<string, MessageKey> = {
  title: 'approvals.field.title',
  awardId: 'approvals.field.awardId',
  storeId: 'approvals.field.storeId',
  prizeId: 'approvals.field.prizeId',
  actId: 'approvals.field.actId',
  userId: 'approvals.field.userId',
};

export function fieldLabel(label: string, t: (key: MessageKey) => string): string {
  return Object.hasOwn(FIELD_LABEL, label) ? t(FIELD_LABEL[label] as MessageKey) : label;
}
