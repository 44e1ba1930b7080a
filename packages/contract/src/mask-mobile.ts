/**
 * Display filter for a mobile number (spec §3): first 3 digits, four asterisks, last 4 digits. The one
 * copy both sides use; zod-free so the web's first view can import it without the schemas.
 *
 * Spaces and hyphens are ignored and a mainland +86/86 prefix is dropped. Anything else that is not
 * at least 7 digits shows as `****`: hiding too little would leak the number, and echoing unparsed
 * text could leak whatever was typed there.
 */
export function maskMobile(mobile: string | null | undefined): string {
  if (!mobile) return '';
  const compact = mobile.replace(/[\s-]/g, '');
  if (!compact) return '';
  const national = /^\+?86(1\d{10})$/.exec(compact)?.[1] ?? compact;
  if (!/^\d{7,}$/.test(national)) return '****';
  return `${national.slice(0, 3)}****${national.slice(-4)}`;
}
