import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { t } from '../i18n/messages';
import { fitCanvas, GAME_FONT, textOn } from './canvas';
import { coverageFromRgba, interpolateStroke, type Point } from './scratch-math';
import { useReducedMotion } from './use-reduced-motion';
import './scratch-card.css';

export interface ScratchCardProps {
  /** The prize underneath (rendered by the screen; keep it hidden from layout until known if needed). */
  children: ReactNode;
  /** Brush radius in CSS pixels. */
  brushRadius?: number;
  /** Share of the cover that must be scratched before the card reveals itself. */
  revealAt?: number;
  /** Called once, on the first touch, so the screen can send the draw request early. */
  onScratchStart?: () => void;
  /** Called once when the threshold is reached (or `revealed` is set). */
  onReveal?: () => void;
  /** Blocks scratching (no chances left, waiting for login…). */
  disabled?: boolean;
  /** Set to reveal without scratching (e.g. a "reveal all" button). */
  revealed?: boolean;
  coverText?: string;
  /** The cover's colour (`#rrggbb`); silver foil when unset. */
  coverColor?: string;
  /** Small line under the cover text. */
  coverHint?: string;
  className?: string;
}

/** Minimum time between coverage reads while a finger is moving (getImageData is the costly part). */
const COVERAGE_INTERVAL_MS = 120;
/** Coverage is sampled every this many backing-store pixels in both directions. */
const SAMPLE_STEP_CSS_PX = 6;
const FADE_MS = 450;

function paintCover(ctx: CanvasRenderingContext2D, w: number, h: number, text: string, hint: string, color?: string) {
  ctx.globalCompositeOperation = 'source-over';
  if (color) {
    // The campaign's own cover colour, with the same grain and sheen as the silver foil.
    ctx.fillStyle = color;
  } else {
    const g = ctx.createLinearGradient(0, 0, w, h);
    g.addColorStop(0, '#c9ccd3');
    g.addColorStop(0.25, '#f4f5f8');
    g.addColorStop(0.5, '#b5b9c2');
    g.addColorStop(0.75, '#eceef2');
    g.addColorStop(1, '#a9aeb8');
    ctx.fillStyle = g;
  }
  ctx.fillRect(0, 0, w, h);
  // Foil grain: a fixed pseudo-random speckle so every card looks the same (no Math.random flicker).
  let seed = 7;
  const rnd = () => {
    seed = (seed * 16807) % 2147483647;
    return seed / 2147483647;
  };
  const specks = Math.round((w * h) / 28);
  for (let i = 0; i < specks; i++) {
    const light = rnd() > 0.5;
    ctx.fillStyle = light ? 'rgba(255,255,255,0.55)' : 'rgba(90,96,110,0.22)';
    ctx.fillRect(rnd() * w, rnd() * h, 1, 1);
  }
  // Diagonal sheen stripes.
  ctx.save();
  ctx.globalAlpha = 0.18;
  ctx.fillStyle = '#ffffff';
  for (let x = -h; x < w; x += 22) {
    ctx.beginPath();
    ctx.moveTo(x, h);
    ctx.lineTo(x + h, 0);
    ctx.lineTo(x + h + 7, 0);
    ctx.lineTo(x + 7, h);
    ctx.fill();
  }
  ctx.restore();
  const fontPx = Math.max(14, Math.min(h * 0.2, w * 0.085));
  ctx.font = `800 ${fontPx}px ${GAME_FONT}`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillStyle = 'rgba(255,255,255,0.7)';
  ctx.fillText(text, w / 2 + 1, h / 2 + 1.5);
  ctx.fillStyle = color ? textOn(color, '#4a4f5a', '#ffffff') : '#7d828e';
  ctx.fillText(text, w / 2, h / 2);
  ctx.font = `500 ${fontPx * 0.42}px ${GAME_FONT}`;
  ctx.fillStyle = color ? textOn(color, '#5d626c', '#f3f3f3') : '#8d929c';
  ctx.fillText(hint, w / 2, h / 2 + fontPx * 0.95);
}

/** What the pointer handlers read live, so toggling it never re-paints (and so un-scratches) the cover. */
interface Live {
  brushRadius: number;
  revealAt: number;
  disabled: boolean | undefined;
}
type Ref<T> = { current: T };

/**
 * The cover's canvas: sized to its box (a resize paints a fresh cover), scratched by stamps, measured by
 * the share of it cleared.
 */
function coverSurface(
  canvas: HTMLCanvasElement,
  coverText: string,
  coverHint: string,
  live: Ref<Live>,
  coverColor?: string,
) {
  let ctx: CanvasRenderingContext2D | null = null;
  let cssW = 0;
  let cssH = 0;
  const setup = () => {
    const rect = canvas.getBoundingClientRect();
    if (rect.width < 1 || rect.height < 1) return;
    if (rect.width === cssW && rect.height === cssH && ctx) return;
    cssW = rect.width;
    cssH = rect.height;
    // Resizing wipes the canvas; a fresh cover is the honest result (the card was not scratched at that size).
    const fitted = fitCanvas(canvas, cssW, cssH, { willReadFrequently: true });
    ctx = fitted?.ctx ?? null;
    if (ctx) paintCover(ctx, cssW, cssH, coverText, coverHint, coverColor);
  };
  /** The share scratched off; null before the canvas has a context. */
  const coverage = (): number | null => {
    if (!ctx) return null;
    const { width, height } = canvas;
    const step = Math.max(1, Math.round((SAMPLE_STEP_CSS_PX * width) / Math.max(1, cssW)));
    return coverageFromRgba(ctx.getImageData(0, 0, width, height).data, width, height, step);
  };
  // getBoundingClientRect maps client coordinates into CSS pixels of the canvas; the context's
  // scale then maps those into the dpr-sized backing store.
  const toLocal = (e: PointerEvent): Point => {
    const rect = canvas.getBoundingClientRect();
    return {
      x: ((e.clientX - rect.left) * cssW) / Math.max(1, rect.width),
      y: ((e.clientY - rect.top) * cssH) / Math.max(1, rect.height),
    };
  };
  const stamp = (points: Point[]) => {
    if (!ctx) return;
    const { brushRadius } = live.current;
    ctx.globalCompositeOperation = 'destination-out';
    ctx.fillStyle = '#000';
    ctx.beginPath();
    for (const p of points) {
      ctx.moveTo(p.x + brushRadius, p.y);
      ctx.arc(p.x, p.y, brushRadius, 0, Math.PI * 2);
    }
    ctx.fill();
  };
  return { setup, coverage, toLocal, stamp };
}

interface ScratchState {
  live: Ref<Live>;
  revealState: Ref<{ started: boolean; revealed: boolean }>;
  callbacks: Ref<Pick<ScratchCardProps, 'onScratchStart' | 'onReveal'>>;
  reveal: Ref<() => void>;
}

/** Pointer scratching on the cover, coverage read at most every COVERAGE_INTERVAL_MS; returns the detach. */
function scratchInput(canvas: HTMLCanvasElement, surface: ReturnType<typeof coverSurface>, state: ScratchState) {
  const { live, revealState, callbacks } = state;
  const { toLocal, stamp } = surface;
  let last: Point | null = null;
  let activePointer: number | null = null;
  let lastMeasure = 0;
  let trailing: ReturnType<typeof setTimeout> | null = null;

  const measure = () => {
    trailing = null;
    lastMeasure = performance.now();
    if (revealState.current.revealed) return;
    const ratio = surface.coverage();
    if (ratio !== null && ratio >= live.current.revealAt) state.reveal.current();
  };
  const measureSoon = () => {
    const wait = COVERAGE_INTERVAL_MS - (performance.now() - lastMeasure);
    if (wait <= 0) measure();
    else trailing ??= setTimeout(measure, wait);
  };

  const down = (e: PointerEvent) => {
    if (live.current.disabled || revealState.current.revealed || activePointer !== null) return;
    e.preventDefault();
    activePointer = e.pointerId;
    canvas.setPointerCapture?.(e.pointerId);
    if (!revealState.current.started) {
      revealState.current.started = true;
      callbacks.current.onScratchStart?.();
    }
    last = toLocal(e);
    stamp([last]);
  };
  const move = (e: PointerEvent) => {
    if (e.pointerId !== activePointer || !last) return;
    e.preventDefault();
    // Coalesced events recover the intermediate points a busy main thread would otherwise drop.
    const events = typeof e.getCoalescedEvents === 'function' ? e.getCoalescedEvents() : [];
    const points: Point[] = [];
    for (const ev of events.length > 0 ? events : [e]) {
      const p = toLocal(ev);
      points.push(...interpolateStroke(last, p, live.current.brushRadius * 0.5));
      last = p;
    }
    stamp(points);
    measureSoon();
  };
  const up = (e: PointerEvent) => {
    if (e.pointerId !== activePointer) return;
    activePointer = null;
    last = null;
    measure();
  };
  // Some webviews still scroll on touchmove despite touch-action; a non-passive listener stops it.
  const blockTouch = (e: TouchEvent) => {
    if (!revealState.current.revealed && !live.current.disabled) e.preventDefault();
  };

  canvas.addEventListener('pointerdown', down);
  canvas.addEventListener('pointermove', move);
  canvas.addEventListener('pointerup', up);
  canvas.addEventListener('pointercancel', up);
  canvas.addEventListener('touchstart', blockTouch, { passive: false });
  canvas.addEventListener('touchmove', blockTouch, { passive: false });
  return () => {
    if (trailing) clearTimeout(trailing);
    canvas.removeEventListener('pointerdown', down);
    canvas.removeEventListener('pointermove', move);
    canvas.removeEventListener('pointerup', up);
    canvas.removeEventListener('pointercancel', up);
    canvas.removeEventListener('touchstart', blockTouch);
    canvas.removeEventListener('touchmove', blockTouch);
  };
}

/**
 * A silver scratch-off layer over `children`. Pointer events cover touch, pen and mouse; the canvas
 * has touch-action: none and moves are preventDefault-ed so the page does not scroll mid-scratch.
 * Remount (change `key`) to play again.
 *
 *   <ScratchCard onScratchStart={() => draw.mutate()} onReveal={() => showResult()}>
 *     <PrizeFace prize={draw.data} />
 *   </ScratchCard>
 */
export function ScratchCard({
  children,
  brushRadius = 18,
  revealAt = 0.5,
  onScratchStart,
  onReveal,
  disabled,
  revealed,
  coverText = t('scratch.cover'),
  coverHint = t('game.scratch.coverHint'),
  coverColor,
  className,
}: ScratchCardProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [phase, setPhase] = useState<'covered' | 'fading' | 'done'>('covered');
  const reduced = useReducedMotion();
  const callbacks = useRef({ onScratchStart, onReveal });
  callbacks.current = { onScratchStart, onReveal };
  // Read live by the pointer handlers, so toggling them never re-paints (and so un-scratches) the cover.
  const live = useRef<Live>({ brushRadius, revealAt, disabled });
  live.current = { brushRadius, revealAt, disabled };
  const revealState = useRef({ started: false, revealed: false });
  const revealRef = useRef<() => void>(() => {});

  revealRef.current = () => {
    if (revealState.current.revealed) return;
    revealState.current.revealed = true;
    setPhase(reduced ? 'done' : 'fading');
    callbacks.current.onReveal?.();
  };

  useEffect(() => {
    if (revealed) revealRef.current();
  }, [revealed]);

  useEffect(() => {
    if (phase !== 'fading') return;
    const t = setTimeout(() => setPhase('done'), FADE_MS);
    return () => clearTimeout(t);
  }, [phase]);

  const done = phase === 'done';
  useLayoutEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || done) return;
    const surface = coverSurface(canvas, coverText, coverHint, live, coverColor);
    surface.setup();
    const ro = typeof ResizeObserver === 'function' ? new ResizeObserver(surface.setup) : null;
    ro?.observe(canvas);
    const detach = scratchInput(canvas, surface, { live, revealState, callbacks, reveal: revealRef });
    return () => {
      ro?.disconnect();
      detach();
    };
  }, [coverText, coverHint, coverColor, done]);

  return (
    <div className={['game-scratch', `is-${phase}`, className ?? ''].filter(Boolean).join(' ')}>
      <div className="game-scratch__prize">{children}</div>
      {phase !== 'done' && (
        <canvas
          ref={canvasRef}
          className="game-scratch__cover"
          aria-label={coverText}
          role="img"
          data-disabled={disabled ? 'true' : undefined}
        />
      )}
    </div>
  );
}
