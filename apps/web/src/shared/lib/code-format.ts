/**
 * One coupon-code format everywhere (issue 21 §3): groups of four separated by a space, as printed on a
 * paper ticket ("7KQ2 M9XA 3F0B"). The server's dashes and any spacing are dropped first; copying copies
 * the code exactly as issued.
 */
export function codeGroups(code: string): string[] {
  const plain = code.replace(/[\s-]/g, '');
  return plain.match(/.{1,4}/g) ?? [];
}

export function groupCode(code: string): string {
  return codeGroups(code).join(' ');
}
