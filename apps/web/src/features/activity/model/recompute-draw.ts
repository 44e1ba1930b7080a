import type { RouteData } from '@campaign/contract/client';

// The public verify page's own recomputation of one draw (docs/decisions/0349-public-verify.md), in the
// browser with Web Crypto, apart from the server: SHA-256(seed) must be the commitment published before the
// first draw, HMAC-SHA256(seed, "userId:nonce") the roll stored with the draw, and the roll — mapped to
// [0, total) by rejection sampling over 64-bit chunks exactly as the server's draw engine does — must fall in
// the picked prize's interval of the table the draw was made under.

export type DrawProof = RouteData<'fairnessDraw'>;

export interface Recomputed {
  commitmentOk: boolean;
  rollOk: boolean;
  /** The prize the roll selects, by the table's cumulative weights. */
  picked: string | null;
  pickOk: boolean;
}

const hex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');
const fromHex = (h: string) => new Uint8Array((h.match(/../g) ?? []).map((b) => Number.parseInt(b, 16)));

/** An integer in [0, total) from one MAC without modulo bias, or null when every chunk is in the biased tail. */
export function indexFromMac(mac: Uint8Array, total: number): number | null {
  const big = BigInt(total);
  const two64 = 1n << 64n;
  const limit = two64 - (two64 % big);
  const view = new DataView(mac.buffer, mac.byteOffset, mac.byteLength);
  for (let offset = 0; offset + 8 <= mac.byteLength; offset += 8) {
    const chunk = view.getBigUint64(offset, false);
    if (chunk < limit) return Number(chunk % big);
  }
  return null;
}

export function pickFromTable(table: DrawProof['table'], roll: number): string | null {
  let upper = 0;
  for (const row of table) {
    upper += row.weight;
    if (roll < upper) return row.id;
  }
  return null;
}

export async function recomputeDraw(
  proof: DrawProof,
  subtle: SubtleCrypto = crypto.subtle,
): Promise<Recomputed | null> {
  if (!proof.seed || !/^[0-9a-f]{64}$/i.test(proof.seed)) return null;
  const seed = fromHex(proof.seed);
  const commitmentOk = hex(await subtle.digest('SHA-256', seed)) === proof.commitment.toLowerCase();
  const key = await subtle.importKey('raw', seed, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = async (counter: number) => {
    const message =
      counter === 0 ? `${proof.userId}:${proof.drawNonce}` : `${proof.userId}:${proof.drawNonce}:${counter}`;
    return new Uint8Array(await subtle.sign('HMAC', key, new TextEncoder().encode(message)));
  };
  const first = await mac(0);
  const rollOk = hex(first.buffer as ArrayBuffer) === proof.rollHex.toLowerCase();
  const total = proof.table.reduce((s, r) => s + r.weight, 0);
  let roll: number | null = null;
  for (let counter = 0; counter < 64 && roll === null && total > 0; counter++) {
    roll = indexFromMac(counter === 0 ? first : await mac(counter), total);
  }
  const picked = roll === null ? null : pickFromTable(proof.table, roll);
  return { commitmentOk, rollOk, picked, pickOk: picked === proof.pickedPrizeId };
}
