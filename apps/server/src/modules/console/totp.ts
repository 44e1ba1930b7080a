import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

// The second factor (RFC 6238): SHA-1, 6 digits, 30-second steps, one step either side accepted for clock
// drift; the step a code was accepted in is stored, so a code is never accepted twice.

export const TOTP_ISSUER = '活动运营控制台';
const PERIOD = 30;

function totp(secretBase32: string, label = 'console') {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** A new 160-bit secret, base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The step (30-second counter) of a time. */
export const totpStep = (now: number) => Math.floor(now / 1000 / PERIOD);

/**
 * The step a code belongs to if it is valid now (±1 step) and newer than `lastStep`, else null.
 */
export function acceptTotp(secretBase32: string, code: string, now: number, lastStep: number | null): number | null {
  const delta = totp(secretBase32).validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return null;
  const step = totpStep(now) + delta;
  return lastStep !== null && step <= lastStep ? null : step;
}

/** The code of a time (the demo's `cli staff totp`, and tests). */
export function totpCode(secretBase32: string, now: number): string {
  return totp(secretBase32).generate({ timestamp: now });
}

/** What an authenticator app scans: the otpauth URI, and the same as an SVG QR code. */
export async function totpEnrolment(secretBase32: string, label: string) {
  const otpauthUri = totp(secretBase32, label).toString();
  const qrSvg = await QRCode.toString(otpauthUri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { otpauthUri, qrSvg };
}
