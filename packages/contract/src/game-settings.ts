// Each game's own settings and the page's ribbon (issue 34 §1): what the console's editor sets in a draft's
// `activity.page`, the campaign file validates (activity/definition.ts) and the H5 renders. Zod-free: the
// console and the H5 read these values.

/** The page's festive decoration: 新春 (lanterns and sparkles) or 简洁 (none). */
export const PAGE_THEMES = ['spring', 'plain'] as const;
/** The 9-grid's ring: prizes placed clockwise or counter-clockwise from the top-left corner. */
export const GRID_LAYOUTS = ['clockwise', 'counterclockwise'] as const;
/** How many boxes the blind box shows. */
export const BLIND_BOX_COUNTS = [3, 6, 9] as const;
export type PageTheme = (typeof PAGE_THEMES)[number];
export type GridLayout = (typeof GRID_LAYOUTS)[number];
export type BlindBoxCount = (typeof BLIND_BOX_COUNTS)[number];

/**
 * Each game's own settings and the page's ribbon (issue 34 §1), set in the console's editor. An activity stored
 * before they existed reads these defaults: no ribbon, the spring theme, the wheel's red and gold.
 */
export const GAME_PAGE_DEFAULTS: {
  ribbon: string;
  theme: PageTheme;
  segmentColors: string[];
  gridLayout: GridLayout;
  scratchCover: string;
  scratchText: string;
  boxCount: BlindBoxCount;
} = {
  /** The small line above the title (新春好礼); empty: none. */
  ribbon: '',
  theme: 'spring',
  /** The wheel's sector colours, repeated round the wheel; empty: alternating red and gold. */
  segmentColors: [],
  gridLayout: 'clockwise',
  /** The scratch card's cover colour (empty: silver) and the words on it (empty: the default). */
  scratchCover: '',
  scratchText: '',
  boxCount: 6,
};
