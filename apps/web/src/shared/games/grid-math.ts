/**
 * 9-grid geometry. Cells are numbered row-major 0..8; the centre (4) is the draw button.
 * The 8 prizes sit around the ring clockwise from the top-left corner, so prize k lives in
 * cell RING_ORDER[k] and the running highlight visits prizes 0, 1, 2 … 7, 0 …
 */
export const RING_ORDER = [0, 1, 2, 5, 8, 7, 6, 3] as const;
/** The counter-clockwise ring (the campaign's 九宫格排列 逆时针): down the left side first. */
export const RING_ORDER_CCW = [0, 3, 6, 7, 8, 5, 2, 1] as const;
export type RingOrder = readonly number[];
export const RING_SIZE = RING_ORDER.length;
export const CENTER_CELL = 4;

/** Grid cell (row-major) that shows prize `slot`. */
export function cellOfSlot(slot: number): number {
  const cell = RING_ORDER[((slot % RING_SIZE) + RING_SIZE) % RING_SIZE];
  if (cell === undefined) throw new RangeError(`bad slot ${slot}`);
  return cell;
}

/** Ring slot shown in grid cell `cell`, or −1 for the centre. */
export function slotOfCell(cell: number, order: RingOrder = RING_ORDER): number {
  return order.indexOf(cell);
}

/** Slot highlighted at a continuous position (steps); rounding keeps the highlight on the target at rest. */
export function slotAtPosition(position: number): number {
  const n = Math.round(position);
  return ((n % RING_SIZE) + RING_SIZE) % RING_SIZE;
}

/** The smallest whole step ≥ from + minLaps × 8 that lands the highlight on `target`. */
export function finalStep(from: number, target: number, minLaps: number): number {
  if (!Number.isInteger(target) || target < 0 || target >= RING_SIZE) {
    throw new RangeError(`target ${target} outside 0..${RING_SIZE - 1}`);
  }
  const base = Math.ceil(from) + Math.max(0, minLaps) * RING_SIZE;
  const delta = (((target - base) % RING_SIZE) + RING_SIZE) % RING_SIZE;
  return base + delta;
}

/** Every slot the highlight visits going from `from` to a stop on `target` (last element is the target). */
export function stepPath(from: number, target: number, minLaps: number): number[] {
  const end = finalStep(from, target, minLaps);
  const path: number[] = [];
  for (let s = Math.round(from) + 1; s <= end; s++) path.push(slotAtPosition(s));
  return path;
}
