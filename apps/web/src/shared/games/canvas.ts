/** Phones report up to 3–4; beyond 3 the backing store costs memory without a visible gain. */
const MAX_DPR = 3;

export function devicePixelRatioCapped(): number {
  const dpr = typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1;
  return Math.min(Math.max(dpr, 1), MAX_DPR);
}

/**
 * Sizes the backing store to css size × dpr and scales the context so drawing code works in CSS
 * pixels. Returns null where canvas is unavailable (tests, very old webviews).
 */
export function fitCanvas(
  canvas: HTMLCanvasElement,
  cssWidth: number,
  cssHeight: number,
  options?: CanvasRenderingContext2DSettings,
): { ctx: CanvasRenderingContext2D; dpr: number } | null {
  const dpr = devicePixelRatioCapped();
  const w = Math.max(1, Math.round(cssWidth * dpr));
  const h = Math.max(1, Math.round(cssHeight * dpr));
  if (canvas.width !== w) canvas.width = w;
  if (canvas.height !== h) canvas.height = h;
  const ctx = canvas.getContext('2d', options) as CanvasRenderingContext2D | null;
  if (!ctx) return null;
  ctx.setTransform(w / cssWidth, 0, 0, h / cssHeight, 0, 0);
  return { ctx, dpr };
}

const images = new Map<string, HTMLImageElement>();

/** Loads (once per URL) an image for canvas drawing; `onLoad` runs when it becomes drawable. */
export function loadImage(url: string, onLoad: () => void): HTMLImageElement {
  let img = images.get(url);
  if (!img) {
    img = new Image();
    img.decoding = 'async';
    img.src = url;
    images.set(url, img);
  }
  if (!img.complete) img.addEventListener('load', onLoad, { once: true });
  return img;
}

export function isDrawable(img: HTMLImageElement | undefined): img is HTMLImageElement {
  return !!img && img.complete && img.naturalWidth > 0;
}

export const GAME_FONT =
  '-apple-system, "PingFang SC", "Noto Sans CJK SC", "Microsoft YaHei", "Helvetica Neue", sans-serif';

/**
 * Splits a prize name into at most `maxLines` lines that fit `maxWidth`, ellipsising the last.
 * Two-line names are balanced ("50元话 / 费券", not "50元话费 / 券"): an orphan character looks broken.
 */
export function wrapText(ctx: CanvasRenderingContext2D, text: string, maxWidth: number, maxLines: number): string[] {
  const chars = Array.from(text);
  const fits = (t: string) => ctx.measureText(t).width <= maxWidth;
  if (fits(text) || maxLines <= 1 || chars.length <= 1) return [fits(text) ? text : ellipsis(ctx, chars, maxWidth)];
  const half = Math.ceil(chars.length / 2);
  const first = chars.slice(0, half).join('');
  const second = chars.slice(half).join('');
  if (fits(first) && fits(second)) return [first, second];
  const lines: string[] = [];
  let line = '';
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i] ?? '';
    if (fits(line + ch) || line === '') {
      line += ch;
      continue;
    }
    if (lines.length === maxLines - 1) {
      lines.push(ellipsis(ctx, Array.from(line + chars.slice(i).join('')), maxWidth));
      return lines;
    }
    lines.push(line);
    line = ch;
  }
  if (line) lines.push(line);
  return lines;
}

function ellipsis(ctx: CanvasRenderingContext2D, chars: string[], maxWidth: number): string {
  let n = chars.length;
  while (n > 1 && ctx.measureText(`${chars.slice(0, n).join('')}…`).width > maxWidth) n--;
  return `${chars.slice(0, n).join('')}…`;
}

/** Text that reads on a fill of this colour (`#rgb` / `#rrggbb`): dark on a light fill, light on a dark one. */
export function textOn(fill: string, dark = '#5a1a00', light = '#fff8e1'): string {
  const hex = fill.replace('#', '');
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  const n = Number.parseInt(full, 16);
  if (full.length !== 6 || Number.isNaN(n)) return dark;
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  return 0.299 * r + 0.587 * g + 0.114 * b > 150 ? dark : light;
}
