import { describe, expect, it } from 'vitest';
import {
  CENTER_CELL,
  cellOfSlot,
  finalStep,
  RING_ORDER,
  RING_ORDER_CCW,
  slotAtPosition,
  slotOfCell,
  stepPath,
} from './grid-math';

const rowCol = (cell: number) => [Math.floor(cell / 3), cell % 3] as const;

describe('ring order', () => {
  it('visits the 8 outer cells once, never the centre, each step to an adjacent cell, clockwise', () => {
    expect(new Set(RING_ORDER).size).toBe(8);
    expect(RING_ORDER).not.toContain(CENTER_CELL);
    for (let i = 0; i < 8; i++) {
      const [r1, c1] = rowCol(cellOfSlot(i));
      const [r2, c2] = rowCol(cellOfSlot(i + 1));
      expect(Math.abs(r1 - r2) + Math.abs(c1 - c2)).toBe(1);
    }
    // Clockwise: along the top row left to right first.
    expect([cellOfSlot(0), cellOfSlot(1), cellOfSlot(2)]).toEqual([0, 1, 2]);
  });

  it('maps cells and slots both ways', () => {
    for (let slot = 0; slot < 8; slot++) expect(slotOfCell(cellOfSlot(slot))).toBe(slot);
    expect(slotOfCell(CENTER_CELL)).toBe(-1);
    expect(cellOfSlot(-1)).toBe(cellOfSlot(7));
  });
});

describe('finalStep and stepPath', () => {
  it('stops on every target from every start, after at least the minimum laps', () => {
    for (let from = 0; from < 30; from++) {
      for (let target = 0; target < 8; target++) {
        const end = finalStep(from, target, 2);
        expect(slotAtPosition(end)).toBe(target);
        expect(end - from).toBeGreaterThanOrEqual(16);
        expect(end - from).toBeLessThan(24);
        const path = stepPath(from, target, 2);
        expect(path.at(-1)).toBe(target);
        expect(path).toHaveLength(end - from);
        // Consecutive slots: the highlight never skips a cell.
        let prev = slotAtPosition(from);
        for (const slot of path) {
          expect(slot).toBe((prev + 1) % 8);
          prev = slot;
        }
      }
    }
  });

  it('rounds a fractional start up so the stop is still ahead', () => {
    const end = finalStep(3.4, 4, 0);
    expect(end).toBe(4);
    expect(finalStep(3.4, 3, 0)).toBe(11);
  });

  it('rejects targets outside the ring', () => {
    expect(() => finalStep(0, 8, 1)).toThrow(RangeError);
  });

  it('the counter-clockwise ring goes down the left side first, each cell once', () => {
    expect([0, 1, 2, 3].map((slot) => RING_ORDER_CCW[slot])).toEqual([0, 3, 6, 7]);
    expect(new Set(RING_ORDER_CCW)).toEqual(new Set(RING_ORDER));
    expect(slotOfCell(3, RING_ORDER_CCW)).toBe(1);
    expect(slotOfCell(3)).toBe(7);
    expect(slotOfCell(CENTER_CELL, RING_ORDER_CCW)).toBe(-1);
  });
});
