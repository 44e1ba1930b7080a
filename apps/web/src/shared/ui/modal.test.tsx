import { screen } from '@testing-library/dom';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fire, render } from '../testing/render';
import {
  assertShift,
  DIALOG_WIDTH,
  MODAL_DEFAULTS,
  Modal,
  type ModalState,
  modalBoxStyle,
  modalSizeToCss,
} from './modal';

describe('Modal sizing (spec §5, §9)', () => {
  it('accepts a number, percent, px or auto', () => {
    expect(modalSizeToCss(600, 'width')).toBe('50rem');
    expect(modalSizeToCss(300, 'height')).toBe('25rem');
    expect(modalSizeToCss('80%', 'width')).toBe('80%');
    expect(modalSizeToCss('320px', 'width')).toBe('320px');
    expect(modalSizeToCss('auto', 'height')).toBe('auto');
  });

  it('rejects anything else as a developer error', () => {
    expect(() => modalSizeToCss('12em' as never, 'width')).toThrow(TypeError);
    expect(() => modalSizeToCss(-1, 'width')).toThrow(RangeError);
  });

  it('shift lies between 0 and 1', () => {
    expect(assertShift(0)).toBe(0);
    expect(assertShift(1)).toBe(1);
    expect(() => assertShift(1.2)).toThrow(/between 0 and 1/);
    expect(() => assertShift(-0.1)).toThrow(RangeError);
    expect(() => assertShift(Number.NaN)).toThrow(RangeError);
    expect(modalBoxStyle('auto', 'auto', 0.25)).toMatchObject({ top: '25%', transform: 'translate(-50%, -25%)' });
  });

  it('defaults to 600×300; the dialog is 400 wide', () => {
    expect(MODAL_DEFAULTS).toEqual({ width: 600, height: 300 });
    expect(DIALOG_WIDTH).toBe(400);
  });
});

function Harness({ maskClosable = true, onState }: { maskClosable?: boolean; onState: (s: ModalState) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        opener
      </button>
      <Modal open={open} onClose={() => setOpen(false)} maskClosable={maskClosable} onStateChange={onState} title="T">
        <button type="button">first</button>
        <button type="button">last</button>
      </Modal>
    </>
  );
}

describe('Modal states, Escape and focus (spec §4)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('goes closed → opening → open → closing → closed; Escape closes; focus is trapped and restored', () => {
    const states: ModalState[] = [];
    render(<Harness onState={(s) => states.push(s)} />);
    const opener = screen.getByText('opener');
    opener.focus();
    fire.click(opener);
    const dialog = screen.getByRole('dialog');
    expect(dialog.parentElement?.dataset.state).toBe('opening');
    expect(document.activeElement).toBe(screen.getByText('first'));
    act(() => void vi.advanceTimersByTime(200));
    expect(dialog.parentElement?.dataset.state).toBe('open');
    expect(dialog.style.width).toBe('50rem');
    expect(dialog.style.height).toBe('25rem');

    // Focus trap: Tab on the last wraps to the first, Shift+Tab on the first wraps to the last.
    const last = screen.getByLabelText('关闭');
    last.focus();
    fire.keyDown(last, { key: 'Tab' });
    expect(document.activeElement).toBe(screen.getByText('first'));
    fire.keyDown(document.activeElement as Element, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);

    fire.keyDown(dialog, { key: 'Escape' });
    expect(screen.getByRole('dialog').parentElement?.dataset.state).toBe('closing');
    act(() => void vi.advanceTimersByTime(200));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(states).toEqual(['closed', 'opening', 'open', 'closing', 'closed']);
  });

  it('Escape does not close a modal that is not click-to-close', () => {
    render(<Harness maskClosable={false} onState={() => undefined} />);
    fire.click(screen.getByText('opener'));
    act(() => void vi.advanceTimersByTime(200));
    fire.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    act(() => void vi.advanceTimersByTime(400));
    expect(screen.getByRole('dialog').parentElement?.dataset.state).toBe('open');
  });

  it('a bad size or shift fails loudly even while closed', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Modal open={false} shift={2} />)).toThrow(/shift/);
    expect(() => render(<Modal open={false} width={'wide' as never} />)).toThrow(/width/);
    error.mockRestore();
  });
});
