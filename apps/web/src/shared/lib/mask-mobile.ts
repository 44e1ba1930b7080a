/** Display filter `maskMobile` (spec §3): first 3 digits, four asterisks, last 4 digits. */
export function maskMobile(mobile: string | null | undefined): string {
  if (!mobile) return '';
  const digits = mobile.trim();
  // Too short to hide anything meaningfully: show nothing rather than leak the whole number.
  if (digits.length < 7) return '****';
  return `${digits.slice(0, 3)}****${digits.slice(-4)}`;
}
