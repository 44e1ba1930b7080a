/** The design is drawn 375 px wide; 1 rem = 12 px on it (spec §9). */
export const DESIGN_WIDTH = 375;
export const DESIGN_ROOT_PX = 12;
/**
 * Desktop browsers are not phones: beyond this width the page is laid out as a centred phone column
 * (docs/decisions/0101-rem-desktop-cap.md). Every phone is narrower, so the spec's rule holds there.
 */
export const MAX_LAYOUT_WIDTH = 540;

/** spec §9: root font size = viewport width / 375 × 12. */
export function rootFontSize(viewportWidth: number): number {
  return (Math.min(viewportWidth, MAX_LAYOUT_WIDTH) / DESIGN_WIDTH) * DESIGN_ROOT_PX;
}

export function applyRootFontSize(doc: Document = document): number {
  const width = doc.documentElement.clientWidth || window.innerWidth;
  const size = rootFontSize(width);
  doc.documentElement.style.fontSize = `${size}px`;
  return size;
}

/** Keeps the root font size on resize and rotation; returns the detach function. */
export function keepRootFontSize(win: Window = window): () => void {
  const update = () => applyRootFontSize(win.document);
  update();
  win.addEventListener('resize', update);
  win.addEventListener('orientationchange', update);
  return () => {
    win.removeEventListener('resize', update);
    win.removeEventListener('orientationchange', update);
  };
}
