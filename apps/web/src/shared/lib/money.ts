/** "¥12.50" from cents; whole yuan without decimals ("¥50"). */
export function yuan(cents: number): string {
  return `¥${(cents / 100).toFixed(cents % 100 === 0 ? 0 : 2)}`;
}

/** Cents from what a customer typed in yuan ("12", "12.5", "12.50"); null for anything else. */
export function centsFromYuan(text: string): number | null {
  const m = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  const cents = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return cents > 0 ? cents : null;
}
