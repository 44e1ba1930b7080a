import type { RouteBody, RouteData } from '@campaign/contract/client';

export type SignRequest = RouteBody<'discountSignPayment'>;
export type SignedPayment = RouteData<'discountSignPayment'>;
export type ConsumeBody = RouteBody<'discountConsume'>;
export type Consumption = RouteData<'discountConsume'>;

/** What the host answers to `paySign` (docs/decisions/0130-payment-signing-bridge.md). */
export type HostPayAnswer =
  | { status: 'paid'; paymentId: string }
  | { status: 'cancelled' }
  | { status: 'failed'; message: string };

export type PayOutcome =
  | { kind: 'paid'; consumption: Consumption; signed: SignedPayment }
  | { kind: 'cancelled' }
  | { kind: 'failed'; message: string }
  /** Paid in the app, but the report did not get through: the same report can be sent again. */
  | { kind: 'unreported'; signed: SignedPayment }
  /** Not inside the host app: there is nothing to pay with. */
  | { kind: 'no-host' };

export interface PayDeps {
  sign(request: SignRequest): Promise<SignedPayment>;
  /** The bridge's payment-signing command; rejects when the page runs outside the app. */
  paySign(signed: SignedPayment): Promise<unknown>;
  consume(body: ConsumeBody): Promise<Consumption>;
  isNoHost(error: unknown): boolean;
  /** Whether a failed report may be sent again (a lost answer, a 5xx), not a refusal. */
  isTransient(error: unknown): boolean;
}

/** Reads the host's answer; anything unexpected counts as a failed payment (nothing is reported). */
export function readHostAnswer(answer: unknown, expectedPaymentId: string): HostPayAnswer {
  if (typeof answer !== 'object' || answer === null) return { status: 'failed', message: '' };
  const status: unknown = Reflect.get(answer, 'status');
  const message: unknown = Reflect.get(answer, 'message');
  if (status === 'cancelled') return { status: 'cancelled' };
  if (status === 'paid') {
    const paymentId: unknown = Reflect.get(answer, 'paymentId');
    // The host must confirm the payment the server signed, not another one.
    if (paymentId === expectedPaymentId) return { status: 'paid', paymentId };
  }
  return { status: 'failed', message: typeof message === 'string' ? message : '' };
}

/** The report of a paid payment: the signed fields without the sign type (contract discountConsume). */
export function consumeBodyOf(signed: SignedPayment): ConsumeBody {
  const { signType: _signType, ...body } = signed;
  return body;
}

export const CONSUME_ATTEMPTS = 3;

/**
 * Reports a paid payment. "Discount consume" (v2) is idempotent per paymentId, so a report whose answer
 * was lost is simply sent again; a refusal is not retried.
 */
export async function reportPayment(
  deps: Pick<PayDeps, 'consume' | 'isTransient'>,
  signed: SignedPayment,
): Promise<PayOutcome> {
  const body = consumeBodyOf(signed);
  for (let attempt = 1; ; attempt++) {
    try {
      return { kind: 'paid', consumption: await deps.consume(body), signed };
    } catch (error) {
      if (!deps.isTransient(error) || attempt >= CONSUME_ATTEMPTS) return { kind: 'unreported', signed };
    }
  }
}

/**
 * One payment with the discount (spec §7): the server signs the request, the host app pays it through
 * the bridge's payment signing, and the paid payment is reported to "discount consume".
 */
export async function payWithDiscount(deps: PayDeps, request: SignRequest): Promise<PayOutcome> {
  const signed = await deps.sign(request);
  let answer: unknown;
  try {
    answer = await deps.paySign(signed);
  } catch (error) {
    if (deps.isNoHost(error)) return { kind: 'no-host' };
    return { kind: 'failed', message: error instanceof Error ? error.message : '' };
  }
  const paid = readHostAnswer(answer, signed.paymentId);
  if (paid.status === 'cancelled') return { kind: 'cancelled' };
  if (paid.status === 'failed') return { kind: 'failed', message: paid.message };
  return reportPayment(deps, signed);
}
