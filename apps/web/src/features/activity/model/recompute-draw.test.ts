import { createHash, createHmac, webcrypto } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type DrawProof, indexFromMac, recomputeDraw } from './recompute-draw';

// The browser's recomputation must agree with the server's fairness (apps/server modules/draw/fairness.ts):
// here the expected values are made with Node's own SHA-256 and HMAC, the way the server makes them.
const seed = 'ab'.repeat(32);
const table = [
  { id: 'big', name: 'big', weight: 1, percentText: '25.00%' },
  { id: 'thanks', name: 'thanks', weight: 3, percentText: '75.00%' },
];
function proofFor(userId: string, nonce: string): DrawProof {
  const mac = createHmac('sha256', Buffer.from(seed, 'hex')).update(`${userId}:${nonce}`).digest();
  const roll = indexFromMac(new Uint8Array(mac), 4) ?? -1;
  return {
    actId: 'a',
    actTitle: 'A',
    drawId: 'd1',
    userId,
    drawNonce: nonce,
    drawIndex: 0,
    rollHex: mac.toString('hex'),
    pickedPrizeId: roll < 1 ? 'big' : 'thanks',
    awardedPrizeId: roll < 1 ? 'big' : 'thanks',
    fallbackReason: null,
    table,
    commitment: createHash('sha256').update(Buffer.from(seed, 'hex')).digest('hex'),
    seed,
    check: null,
    risk: null,
  };
}
const subtle = webcrypto.subtle as unknown as SubtleCrypto;

describe('recomputing a draw in the browser', () => {
  it('agrees with the record when nothing was changed', async () => {
    for (const nonce of ['d0', 'd1', 'd2', 'd3', 'd4']) {
      expect(await recomputeDraw(proofFor('u1', nonce), subtle)).toMatchObject({
        commitmentOk: true,
        rollOk: true,
        pickOk: true,
      });
    }
  });

  it('finds a changed seed, roll or prize', async () => {
    const p = proofFor('u1', 'd0');
    expect(await recomputeDraw({ ...p, commitment: '00'.repeat(32) }, subtle)).toMatchObject({ commitmentOk: false });
    expect(await recomputeDraw({ ...p, rollHex: '00'.repeat(32) }, subtle)).toMatchObject({ rollOk: false });
    const other = p.pickedPrizeId === 'big' ? 'thanks' : 'big';
    expect(await recomputeDraw({ ...p, pickedPrizeId: other }, subtle)).toMatchObject({ pickOk: false });
    expect(await recomputeDraw({ ...p, seed: null }, subtle)).toBeNull();
  });

  it('rejects a biased chunk and reads the next one, as the server does', () => {
    const mac = new Uint8Array(32).fill(0xff);
    // 2^64 − 1 is in the biased tail for total 3; the second chunk (1) is taken.
    mac.set([0, 0, 0, 0, 0, 0, 0, 1], 8);
    expect(indexFromMac(mac, 3)).toBe(1);
    expect(indexFromMac(new Uint8Array(32).fill(0xff), 3)).toBeNull();
  });
});
