/** 140 bits from the CSPRNG (≥128 required) as Crockford base32 in groups of four, easy to read out. */
export function couponCode(bytes: Buffer): string {
  const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  // The low 140 bits of the 144 given, read five at a time from the top.
  let acc = bytes[0] ?? 0;
  let bits = 4;
  let out = '';
  for (let i = 1; i < bytes.length; i++) {
    acc = ((acc << 8) | (bytes[i] ?? 0)) & 0xfff;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      if (out.length % 5 === 4) out += '-';
      out += alphabet[(acc >> bits) & 31];
    }
  }
  return out;
}
