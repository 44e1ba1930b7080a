import { type CSSProperties, type ReactNode, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { t } from '../i18n/messages';
import { DESIGN_ROOT_PX } from '../lib/rem';

/** spec §4: a modal is closed, opening, open or closing. */
export type ModalState = 'closed' | 'opening' | 'open' | 'closing';
/** spec §5: a number (design px on the 375-wide artboard), a percent, px, or auto. */
export type ModalSize = number | `${number}%` | `${number}px` | 'auto';

/** spec §9: default modal 600×300; dialog width 400. */
export const MODAL_DEFAULTS = { width: 600, height: 300 } as const;
export const DIALOG_WIDTH = 400;
export const MODAL_TRANSITION_MS = 200;

/** Size → CSS length. Numbers are design px, written in rem like every other style (1rem = 12 design px). */
export function modalSizeToCss(size: ModalSize, prop: 'width' | 'height'): string {
  if (typeof size === 'number') {
    if (!Number.isFinite(size) || size <= 0)
      throw new RangeError(`Modal ${prop} must be a positive number, got ${size}`);
    return `${+(size / DESIGN_ROOT_PX).toFixed(4)}rem`;
  }
  if (size === 'auto') return 'auto';
  if (/^\d+(\.\d+)?%$/.test(size) || /^\d+(\.\d+)?px$/.test(size)) return size;
  throw new TypeError(`Modal ${prop} must be a number, "<n>%", "<n>px" or "auto", got ${JSON.stringify(size)}`);
}

/** spec §5: shift lies between 0 and 1 (0 = top, 0.5 = centred, 1 = bottom). Anything else is a developer error. */
export function assertShift(shift: number): number {
  if (typeof shift !== 'number' || Number.isNaN(shift) || shift < 0 || shift > 1) {
    throw new RangeError(`Modal shift must be between 0 and 1, got ${String(shift)}`);
  }
  return shift;
}

export function modalBoxStyle(width: ModalSize, height: ModalSize, shift: number): CSSProperties {
  const s = assertShift(shift);
  return {
    width: modalSizeToCss(width, 'width'),
    height: modalSizeToCss(height, 'height'),
    top: `${s * 100}%`,
    transform: `translate(-50%, ${-s * 100}%)`,
  };
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface ModalProps {
  open: boolean;
  onClose?: () => void;
  /** `dialog` is the narrow confirm box: width 400 and auto height unless given. */
  variant?: 'modal' | 'dialog';
  width?: ModalSize;
  height?: ModalSize;
  shift?: number;
  /** Click-to-close: the mask and the Escape key close the modal. */
  maskClosable?: boolean;
  title?: ReactNode;
  /** The dialog's accessible name when it has no visible title. */
  ariaLabel?: string;
  children?: ReactNode;
  className?: string;
  onStateChange?: (state: ModalState) => void;
  transitionMs?: number;
}

/** spec §4: the state follows `open` through opening and closing, each lasting `transitionMs`. */
function useModalState(open: boolean, transitionMs: number, onStateChange: ModalProps['onStateChange']) {
  const [state, setState] = useState<ModalState>(open ? 'opening' : 'closed');
  const onStateChangeRef = useRef(onStateChange);
  onStateChangeRef.current = onStateChange;

  useEffect(() => {
    onStateChangeRef.current?.(state);
  }, [state]);

  useEffect(() => {
    if (open && (state === 'closed' || state === 'closing')) setState('opening');
    if (!open && (state === 'open' || state === 'opening')) setState('closing');
  }, [open, state]);

  useEffect(() => {
    if (state !== 'opening' && state !== 'closing') return;
    const timer = setTimeout(() => setState(state === 'opening' ? 'open' : 'closed'), transitionMs);
    return () => clearTimeout(timer);
  }, [state, transitionMs]);
  return state;
}

/** Focus moves in when the modal appears and back to where it was when it is gone. Returns the box's ref. */
function useModalFocus(state: ModalState) {
  const boxRef = useRef<HTMLDivElement>(null);
  const restoreRef = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (state === 'opening' && !restoreRef.current) {
      const active = document.activeElement;
      restoreRef.current = active instanceof HTMLElement ? active : null;
      const box = boxRef.current;
      const first = box?.querySelector<HTMLElement>(FOCUSABLE);
      (first ?? box)?.focus();
    }
    // Shown: if something took focus back while it was appearing (the tap that opened it), it moves in again.
    if (state === 'open') {
      const box = boxRef.current;
      if (box && !box.contains(document.activeElement)) (box.querySelector<HTMLElement>(FOCUSABLE) ?? box).focus();
    }
    if (state === 'closed' && restoreRef.current) {
      const target = restoreRef.current;
      restoreRef.current = null;
      if (target.isConnected) target.focus();
    }
  }, [state]);
  return boxRef;
}

/** Tab and Shift+Tab cycle inside the box (the focus trap). */
function trapTab(event: React.KeyboardEvent<HTMLDivElement>, box: HTMLDivElement) {
  const items = Array.from(box.querySelectorAll<HTMLElement>(FOCUSABLE));
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) {
    event.preventDefault();
    box.focus();
    return;
  }
  const active = document.activeElement;
  if (event.shiftKey && (active === first || active === box)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}

export function Modal({
  open,
  onClose,
  variant = 'modal',
  width = variant === 'dialog' ? DIALOG_WIDTH : MODAL_DEFAULTS.width,
  height = variant === 'dialog' ? 'auto' : MODAL_DEFAULTS.height,
  shift = 0.5,
  maskClosable = true,
  title,
  ariaLabel,
  children,
  className,
  onStateChange,
  transitionMs = MODAL_TRANSITION_MS,
}: ModalProps) {
  // Validate on every render so a bad prop fails loudly even while closed.
  const boxStyle = modalBoxStyle(width, height, shift);
  const state = useModalState(open, transitionMs, onStateChange);
  const titleId = useId();
  const boxRef = useModalFocus(state);

  if (state === 'closed') return null;

  const onKeyDown = (event: React.KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && maskClosable) {
      event.stopPropagation();
      onClose?.();
      return;
    }
    if (event.key !== 'Tab') return;
    const box = boxRef.current;
    if (!box) return;
    trapTab(event, box);
  };

  return createPortal(
    // biome-ignore lint/a11y/noStaticElementInteractions: the key handler implements the focus trap and Escape for the whole layer
    <div className={`modal-layer modal-${state}`} data-state={state} onKeyDown={onKeyDown}>
      {/* biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: Escape is handled on the layer */}
      <div className="modal-mask" onClick={maskClosable ? onClose : undefined} />
      <div
        ref={boxRef}
        className={`modal-box modal-${variant}${className ? ` ${className}` : ''}`}
        style={boxStyle}
        role="dialog"
        aria-modal="true"
        aria-labelledby={title ? titleId : undefined}
        aria-label={title ? undefined : ariaLabel}
        tabIndex={-1}
      >
        {title ? (
          <div className="modal-title" id={titleId}>
            {title}
          </div>
        ) : null}
        <div className="modal-body">{children}</div>
        {maskClosable && onClose ? (
          <button type="button" className="modal-close" aria-label={t('modal.close')} onClick={onClose}>
            ×
          </button>
        ) : null}
      </div>
    </div>,
    document.body,
  );
}
