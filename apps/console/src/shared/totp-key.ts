// A second factor as an authenticator app takes it: the QR code (the server draws it as SVG) and, for a phone
// that cannot scan, the account and the setup key read from the otpauth URI. The staff screen's hand-over and
// 我的账户's re-enrolment show the same.

/** The account name and the base32 secret of an otpauth URI (its label is `issuer:account`). */
export function manualEntry(uri: string): { account: string; key: string } {
  const u = new URL(uri);
  const label = decodeURIComponent(u.pathname.replace(/^\/+totp\//, '').replace(/^\/+/, ''));
  return { account: label.slice(label.indexOf(':') + 1), key: u.searchParams.get('secret') ?? '' };
}

/** A base32 key in groups of four, as authenticator apps print it (copied without the spaces). */
export const grouped = (key: string) => key.replace(/(.{4})(?=.)/g, '$1 ');

/** The server's SVG QR code as an image source (the page's CSP allows data: images, not inline SVG markup). */
export const qrImageSource = (svg: string) => `data:image/svg+xml;base64,${btoa(unescape(encodeURIComponent(svg)))}`;
