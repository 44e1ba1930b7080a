import { describe, expect, it, vi } from 'vitest';
import { CONSUME_ATTEMPTS, type PayDeps, payWithDiscount, type SignedPayment } from './pay-flow';

const signed: SignedPayment = {
  paymentId: 'pay-0001-abcd',
  discountId: 'lj-coffee',
  merchantId: 'm-1',
  amountCents: 5000,
  discountCents: 1000,
  payCents: 4000,
  timestamp: 1_800_000_000_000,
  nonce: 'n1',
  signType: 'HMAC-SHA256',
  sign: 'f00d',
};
const consumption = {
  consumptionId: 'c1',
  paymentId: signed.paymentId,
  discountId: signed.discountId,
  discountCents: 1000,
  payCents: 4000,
  consumedAt: 1,
  state: 'paid' as const,
  reservedUntil: null,
  replayed: false,
};
const lost = new Error('lost');
const refused = new Error('refused');

function deps(over: Partial<PayDeps> = {}) {
  return {
    sign: vi.fn(async () => signed),
    paySign: vi.fn(async () => ({ ok: true, status: 'paid', paymentId: signed.paymentId })),
    consume: vi.fn(async () => consumption),
    isNoHost: (e: unknown) => e instanceof Error && e.message === 'no host',
    isTransient: (e: unknown) => e === lost,
    ...over,
  } satisfies PayDeps;
}
const request = { discountId: 'lj-coffee', merchantId: 'm-1', amountCents: 5000 };

describe('paying with an instant discount', () => {
  it('signs, pays the signed request through the host, and reports it once', async () => {
    const d = deps();
    const outcome = await payWithDiscount(d, request);
    expect(outcome).toEqual({ kind: 'paid', consumption, signed });
    expect(d.paySign).toHaveBeenCalledWith(signed);
    expect(d.consume).toHaveBeenCalledTimes(1);
    const { signType: _s, ...body } = signed;
    expect(d.consume).toHaveBeenCalledWith(body);
  });

  it('sends the same report again when its answer is lost, and stops after the last attempt', async () => {
    const consume = vi.fn().mockRejectedValueOnce(lost).mockResolvedValueOnce(consumption);
    const d = deps({ consume });
    expect((await payWithDiscount(d, request)).kind).toBe('paid');
    expect(consume).toHaveBeenCalledTimes(2);
    expect(consume.mock.calls[0]).toEqual(consume.mock.calls[1]);

    const always = vi.fn().mockRejectedValue(lost);
    expect(await payWithDiscount(deps({ consume: always }), request)).toEqual({ kind: 'unreported', signed });
    expect(always).toHaveBeenCalledTimes(CONSUME_ATTEMPTS);
  });

  it('does not retry a refused report', async () => {
    const consume = vi.fn().mockRejectedValue(refused);
    expect((await payWithDiscount(deps({ consume }), request)).kind).toBe('unreported');
    expect(consume).toHaveBeenCalledTimes(1);
  });

  it('reports nothing when the customer cancels, the payment fails, or the host confirms another payment', async () => {
    for (const answer of [
      { status: 'cancelled' },
      { status: 'failed', message: '余额不足' },
      { ok: true, status: 'paid', paymentId: 'someone-else' },
      'garbage',
    ]) {
      const d = deps({ paySign: vi.fn(async () => answer) });
      const outcome = await payWithDiscount(d, request);
      expect(outcome.kind === 'cancelled' || outcome.kind === 'failed').toBe(true);
      expect(d.consume).not.toHaveBeenCalled();
    }
  });

  it('says so outside the host app, and lets a signing refusal through to the screen', async () => {
    const noHost = deps({ paySign: vi.fn(async () => Promise.reject(new Error('no host'))) });
    expect(await payWithDiscount(noHost, request)).toEqual({ kind: 'no-host' });
    const d = deps({ sign: vi.fn(async () => Promise.reject(refused)) });
    await expect(payWithDiscount(d, request)).rejects.toBe(refused);
    expect(d.paySign).not.toHaveBeenCalled();
  });
});
