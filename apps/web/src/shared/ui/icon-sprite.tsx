/**
 * The hidden SVG sprite of the root layout (spec §2). 24×24 line icons drawn with currentColor,
 * so an icon takes the colour of the text around it.
 */
const S = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

/** The icons the spec's root layout names (§2). */
export const SPEC_ICON_NAMES = [
  'home',
  'orders',
  'order-paid',
  'order-used',
  'order-expired',
  'order-closed',
  'order-pay-failed',
  'order-refund',
  'account',
  'settings',
  'vip',
  'hot',
  'favourite',
  'search',
  'back',
  'phone',
  'empty',
] as const;

/** Every icon of the sprite: the spec's and the ones screens added. */
export const ICON_NAMES = [...SPEC_ICON_NAMES, 'shield', 'check', 'gift', 'lock', 'chevron-right'] as const;
export type IconName = (typeof ICON_NAMES)[number];

/** The shell's and the lists' icons. */
function ShellSymbols() {
  return (
    <>
      <symbol id="icon-home" viewBox="0 0 24 24">
        <path {...S} d="M3 10.5 12 3l9 7.5M5 9v11h5v-6h4v6h5V9" />
      </symbol>
      <symbol id="icon-orders" viewBox="0 0 24 24">
        <path {...S} d="M7 3h10l3 3v15H4V6zM8 10h8M8 14h8M8 18h5" />
      </symbol>
    </>
  );
}

/** One icon per order state. */
function OrderSymbols() {
  return (
    <>
      <symbol id="icon-order-paid" viewBox="0 0 24 24">
        <rect {...S} x="3" y="5" width="18" height="14" rx="2" />
        <path {...S} d="M3 10h18M8 15l2 2 4-4" />
      </symbol>
      <symbol id="icon-order-used" viewBox="0 0 24 24">
        <path
          {...S}
          d="M4 7a2 2 0 0 0 2-2h12a2 2 0 0 0 2 2v3a2 2 0 0 0 0 4v3a2 2 0 0 0-2 2H6a2 2 0 0 0-2-2v-3a2 2 0 0 0 0-4z"
        />
        <path {...S} d="m9 12 2 2 4-4" />
      </symbol>
      <symbol id="icon-order-expired" viewBox="0 0 24 24">
        <circle {...S} cx="12" cy="12" r="9" />
        <path {...S} d="M12 7v5l3 2" />
      </symbol>
      <symbol id="icon-order-closed" viewBox="0 0 24 24">
        <circle {...S} cx="12" cy="12" r="9" />
        <path {...S} d="m9 9 6 6M15 9l-6 6" />
      </symbol>
      <symbol id="icon-order-pay-failed" viewBox="0 0 24 24">
        <rect {...S} x="3" y="5" width="18" height="14" rx="2" />
        <path {...S} d="M3 10h18M12 13v2M12 17.5v.01" />
      </symbol>
      <symbol id="icon-order-refund" viewBox="0 0 24 24">
        <path {...S} d="M9 14 4 9l5-5M4 9h10a6 6 0 0 1 0 12h-3" />
      </symbol>
    </>
  );
}

/** Account, settings and the campaign badges. */
function AccountSymbols() {
  return (
    <>
      <symbol id="icon-account" viewBox="0 0 24 24">
        <circle {...S} cx="12" cy="8" r="4" />
        <path {...S} d="M4 21a8 8 0 0 1 16 0" />
      </symbol>
      <symbol id="icon-settings" viewBox="0 0 24 24">
        <circle {...S} cx="12" cy="12" r="3" />
        <path
          {...S}
          d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z"
        />
      </symbol>
      <symbol id="icon-vip" viewBox="0 0 24 24">
        <path {...S} d="M3 8l4 4 5-7 5 7 4-4-2 11H5z" />
      </symbol>
      <symbol id="icon-hot" viewBox="0 0 24 24">
        <path {...S} d="M12 22a7 7 0 0 0 7-7c0-4-3-6-4-10-2 2-3 4-3 6-1-1-2-2-2-4-2 2-5 5-5 8a7 7 0 0 0 7 7z" />
      </symbol>
      <symbol id="icon-favourite" viewBox="0 0 24 24">
        <path {...S} d="M12 20s-8-4.6-8-10.5A4.5 4.5 0 0 1 12 7a4.5 4.5 0 0 1 8 2.5C20 15.4 12 20 12 20z" />
      </symbol>
      <symbol id="icon-search" viewBox="0 0 24 24">
        <circle {...S} cx="11" cy="11" r="7" />
        <path {...S} d="m20 20-4-4" />
      </symbol>
      <symbol id="icon-back" viewBox="0 0 24 24">
        <path {...S} d="M15 5 8 12l7 7" />
      </symbol>
      <symbol id="icon-phone" viewBox="0 0 24 24">
        <rect {...S} x="6" y="2.5" width="12" height="19" rx="2.5" />
        <path {...S} d="M10.5 18.5h3" />
      </symbol>
      <symbol id="icon-empty" viewBox="0 0 160 120">
        <ellipse cx="80" cy="108" rx="58" ry="7" fill="#f4e3dc" />
        <path d="M34 44h92l-10 58H44z" fill="#fff1ea" stroke="#f2b8a2" strokeWidth="2" />
        <path d="M34 44l16-22h60l16 22" fill="#ffe3d6" stroke="#f2b8a2" strokeWidth="2" strokeLinejoin="round" />
        <path d="M66 70c5-4 23-4 28 0" fill="none" stroke="#e8735a" strokeWidth="3" strokeLinecap="round" />
        <circle cx="64" cy="56" r="3" fill="#e8735a" />
        <circle cx="96" cy="56" r="3" fill="#e8735a" />
        <path d="M20 30l6 3M132 24l8-4M140 44h8M14 52h8" stroke="#f7c7b5" strokeWidth="2.5" strokeLinecap="round" />
      </symbol>
    </>
  );
}

/** The icons screens added to the spec's. */
function ScreenSymbols() {
  return (
    <>
      <symbol id="icon-shield" viewBox="0 0 24 24">
        <path {...S} d="M12 3 4 6v6c0 5 3.5 8 8 9 4.5-1 8-4 8-9V6z" />
        <path {...S} d="m9 12 2 2 4-4" />
      </symbol>
      <symbol id="icon-check" viewBox="0 0 24 24">
        <path {...S} strokeWidth={2.6} d="m5 12.5 4.5 4.5L19 7.5" />
      </symbol>
      <symbol id="icon-gift" viewBox="0 0 24 24">
        <rect {...S} x="3" y="8" width="18" height="5" rx="1" />
        <path {...S} d="M5 13v8h14v-8M12 8v13M12 8S10.5 3 8 4s1 4 4 4zm0 0s1.5-5 4-4-1 4-4 4z" />
      </symbol>
      <symbol id="icon-lock" viewBox="0 0 24 24">
        <rect {...S} x="5" y="10" width="14" height="11" rx="2" />
        <path {...S} d="M8 10V7a4 4 0 0 1 8 0v3M12 14v3" />
      </symbol>
      <symbol id="icon-chevron-right" viewBox="0 0 24 24">
        <path {...S} d="m9 5 7 7-7 7" />
      </symbol>
    </>
  );
}

export function IconSprite() {
  return (
    <svg aria-hidden="true" style={{ position: 'absolute', width: 0, height: 0, overflow: 'hidden' }} focusable="false">
      <ShellSymbols />
      <OrderSymbols />
      <AccountSymbols />
      <ScreenSymbols />
    </svg>
  );
}
