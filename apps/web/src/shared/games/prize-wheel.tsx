import { useEffect, useLayoutEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { t } from '../i18n/messages';
import { whenIdle } from '../lib/when-idle';
import { fitCanvas, GAME_FONT, isDrawable, loadImage, textOn, wrapText } from './canvas';
import type { SpinTrack } from './spin-controller';
import type { SpinController } from './use-spin-controller';
import { easeOutCubic, finalRotation, landingOffset, segmentAngle } from './wheel-math';
import './prize-wheel.css';

export interface WheelSegment {
  id: string | number;
  name: string;
  imageUrl?: string;
  /** Overrides the alternating red/gold fill. */
  color?: string;
}

export interface PrizeWheelProps {
  segments: readonly WheelSegment[];
  controller: SpinController;
  /** Tap on the centre button; the screen calls controller.start() and sends the draw request. */
  onPress?: () => void;
  /** Disables the button (no chances left, not started, ended…). It is also disabled while spinning. */
  disabled?: boolean;
  buttonLabel?: string;
  /** Small line under the label, e.g. t('act.chancesLeft', { n: 3 }). */
  buttonSubLabel?: string;
  className?: string;
  /** Accessible description of the wheel. */
  ariaLabel?: string;
}

const LIGHTS = 18;
const RED = ['#ff6a4d', '#e8282b'] as const;
const GOLD = ['#fff6d6', '#ffd46a'] as const;
const TEXT_ON_RED = '#fff4c7';
const TEXT_ON_GOLD = '#c8231f';

/** 2.5 turns/s cruising; at least 2 more turns while slowing, so a stop takes 2.4–3.6 s. */
const WHEEL_SPEED_DEG_PER_MS = 0.9;

function makeTrack(count: number): SpinTrack {
  return {
    speed: WHEEL_SPEED_DEG_PER_MS,
    accelMs: 500,
    ease: easeOutCubic,
    cancelMs: 1200,
    targetFor: (index, from, { reduced, seed }) =>
      finalRotation(from, index, count, {
        minTurns: reduced ? 0 : 2,
        offset: seed === undefined ? 0 : landingOffset(seed),
      }),
  };
}

function drawFace(
  canvas: HTMLCanvasElement,
  size: number,
  segments: readonly WheelSegment[],
  redraw: () => void,
  withImages: boolean,
) {
  const fitted = fitCanvas(canvas, size, size);
  if (!fitted) return;
  const { ctx } = fitted;
  const n = segments.length;
  const c = size / 2;
  const r = size / 2;
  const s = segmentAngle(Math.max(1, n));
  const rad = (deg: number) => ((deg - 90) * Math.PI) / 180;
  ctx.clearRect(0, 0, size, size);
  paintSectors(ctx, segments, { c, r, s, rad, size });
  paintLabels(ctx, segments, { c, r, s, redraw, withImages });
}

/** The red/gold sectors, their gold separators and a soft inner shadow ring (depth). */
function paintSectors(
  ctx: CanvasRenderingContext2D,
  segments: readonly WheelSegment[],
  { c, r, s, rad, size }: { c: number; r: number; s: number; rad: (deg: number) => number; size: number },
) {
  const n = segments.length;
  segments.forEach((seg, i) => {
    const onRed = seg.color ? false : i % 2 === 0;
    ctx.beginPath();
    ctx.moveTo(c, c);
    ctx.arc(c, c, r, rad(i * s - s / 2), rad(i * s + s / 2));
    ctx.closePath();
    if (seg.color) {
      ctx.fillStyle = seg.color;
    } else {
      const [inner, outer] = onRed ? RED : GOLD;
      const g = ctx.createRadialGradient(c, c, r * 0.15, c, c, r);
      g.addColorStop(0, inner);
      g.addColorStop(1, outer);
      ctx.fillStyle = g;
    }
    ctx.fill();
  });

  // Gold separators and a soft inner shadow ring give the face depth.
  ctx.strokeStyle = 'rgba(255, 226, 140, 0.95)';
  ctx.lineWidth = Math.max(1, size * 0.006);
  for (let i = 0; i < n; i++) {
    const a = rad(i * s - s / 2);
    ctx.beginPath();
    ctx.moveTo(c, c);
    ctx.lineTo(c + r * Math.cos(a), c + r * Math.sin(a));
    ctx.stroke();
  }
  const shade = ctx.createRadialGradient(c, c, r * 0.82, c, c, r);
  shade.addColorStop(0, 'rgba(120, 0, 0, 0)');
  shade.addColorStop(1, 'rgba(120, 0, 0, 0.28)');
  ctx.fillStyle = shade;
  ctx.beginPath();
  ctx.arc(c, c, r, 0, Math.PI * 2);
  ctx.fill();
}

/** Each sector's name (two lines at most) and, once asked for, its picture. */
function paintLabels(
  ctx: CanvasRenderingContext2D,
  segments: readonly WheelSegment[],
  { c, r, s, redraw, withImages }: { c: number; r: number; s: number; redraw: () => void; withImages: boolean },
) {
  const chord = 2 * r * Math.sin(((s / 2) * Math.PI) / 180);
  const fontPx = Math.min(r * 0.1, chord * 0.2);
  const imgSize = Math.min(r * 0.26, chord * 0.5);
  segments.forEach((seg, i) => {
    const onRed = seg.color ? false : i % 2 === 0;
    ctx.save();
    ctx.translate(c, c);
    ctx.rotate((i * s * Math.PI) / 180);
    ctx.fillStyle = seg.color ? textOn(seg.color) : onRed ? TEXT_ON_RED : TEXT_ON_GOLD;
    ctx.font = `700 ${fontPx}px ${GAME_FONT}`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    const maxWidth = 2 * (r * 0.84) * Math.sin(((s / 2) * Math.PI) / 180) * 0.78;
    const lines = wrapText(ctx, seg.name, maxWidth, 2);
    lines.forEach((line, li) => {
      ctx.fillText(line, 0, -r * 0.84 + li * fontPx * 1.15);
    });
    if (seg.imageUrl && withImages) {
      const img = loadImage(seg.imageUrl, redraw);
      if (isDrawable(img)) {
        const y = -r * 0.84 + lines.length * fontPx * 1.15 + imgSize * 0.12;
        ctx.shadowColor = 'rgba(90, 0, 0, 0.25)';
        ctx.shadowBlur = imgSize * 0.08;
        ctx.shadowOffsetY = imgSize * 0.03;
        ctx.drawImage(img, -imgSize / 2, y, imgSize, imgSize);
      }
    }
    ctx.restore();
  });
}

/** The ring sector under the pointer (top), between the centre button and the rim, in a ±100 viewBox. */
function wedgePath(segmentDeg: number): string {
  const h = (Math.min(segmentDeg, 359.9) / 2) * (Math.PI / 180);
  const outer = 96;
  const inner = 34;
  const pt = (r: number, a: number) => `${(r * Math.sin(a)).toFixed(2)} ${(-r * Math.cos(a)).toFixed(2)}`;
  const large = segmentDeg > 180 ? 1 : 0;
  return `M${pt(inner, -h)}L${pt(outer, -h)}A${outer} ${outer} 0 ${large} 1 ${pt(outer, h)}L${pt(inner, h)}A${inner} ${inner} 0 ${large} 0 ${pt(inner, -h)}Z`;
}

/** Turns the rotor with a CSS transform on each of the engine's frames (compositor-only). */
function useRotor(engine: SpinController['engine']) {
  const rotorRef = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const rotor = rotorRef.current;
    if (!rotor) return;
    const apply = (pos: number) => {
      rotor.style.transform = `rotate(${pos}deg)`;
    };
    apply(engine.getPosition());
    return engine.onFrame(apply);
  }, [engine]);
  return rotorRef;
}

/** Paints the face when the prizes or the size change; the pictures once the browser is idle. */
function useWheelFace(segments: readonly WheelSegment[]) {
  const faceRef = useRef<HTMLCanvasElement>(null);
  // The face is painted after React's commit, not inside it: the first render of a game screen and the
  // canvas work (gradients, text measuring, font lookup) are then shorter tasks, not one long one.
  useEffect(() => {
    const canvas = faceRef.current;
    if (!canvas) return;
    let frame = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // Names first; the pictures are asked for once the screen has painted and the browser is idle, so
    // they never compete with what the first view needs (its code, its data).
    let withImages = false;
    // A picture asked for by this face may finish loading after the prizes changed or the wheel went away:
    // its late callback must not paint the old prizes over the new face.
    let disposed = false;
    const paint = () => {
      if (disposed) return;
      const size = canvas.clientWidth;
      if (size > 0) drawFace(canvas, size, segments, imageLoaded, withImages);
    };
    // Painted just after the next frame, in a task of its own: the frame's layout is done by then (reading
    // the size costs nothing) and the drawing does not lengthen the frame that shows the new screen.
    let after: ReturnType<typeof setTimeout> | undefined;
    function schedule() {
      if (frame || after !== undefined) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        after = setTimeout(() => {
          after = undefined;
          paint();
        }, 0);
      });
    }
    // The prize pictures arrive one by one, over several frames: one repaint for the burst, not one each.
    function imageLoaded() {
      if (disposed || timer !== undefined) return;
      timer = setTimeout(() => {
        timer = undefined;
        schedule();
      }, 80);
    }
    schedule();
    const cancelIdle = whenIdle(() => {
      withImages = true;
      schedule();
    }, 1000);
    const ro = typeof ResizeObserver === 'function' ? new ResizeObserver(schedule) : null;
    ro?.observe(canvas);
    return () => {
      disposed = true;
      cancelIdle();
      ro?.disconnect();
      if (frame) cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
      if (after !== undefined) clearTimeout(after);
    };
  }, [segments]);
  return faceRef;
}

/** The rim's bulbs. */
function WheelLights() {
  return (
    <div className="game-wheel__rim">
      {/* Two groups that blink in turn: two animations, not one per bulb (each bulb's own animation
        sent an animationiteration event through the page's listeners about 15 times a second). */}
      {[0, 1].map((phase) => (
        <div key={phase} className={`game-wheel__lights is-phase-${phase}`}>
          {Array.from({ length: LIGHTS / 2 }, (_, j) => (
            <span
              // biome-ignore lint/suspicious/noArrayIndexKey: fixed decorative lights
              key={j}
              className="game-wheel__light"
              style={{ transform: `rotate(${(360 / LIGHTS) * (j * 2 + phase)}deg)` }}
            />
          ))}
        </div>
      ))}
    </div>
  );
}

/**
 * Festive prize wheel drawn on canvas. The face is drawn once per size/segments change and turned
 * with a CSS transform each frame (compositor-only), which keeps the spin smooth on slow phones.
 *
 *   const spin = useSpinController({ onSettled: (i) => open(prizes[i]) });
 *   <PrizeWheel segments={prizes} controller={spin} buttonSubLabel={t('act.chancesLeft', { n: 3 })}
 *     onPress={() => { spin.start(); lottery().then((r) => spin.stopAt(r.index, { seed: r.drawNo }), () => spin.cancel()); }} />
 */
export function PrizeWheel({
  segments,
  controller,
  onPress,
  disabled,
  buttonLabel = t('act.drawShort'),
  buttonSubLabel,
  className,
  ariaLabel = t('game.wheel.label'),
}: PrizeWheelProps) {
  const { engine } = controller;
  const state = controller.state;
  const lastResult = useSyncExternalStore(engine.subscribe, engine.getLastResult, engine.getLastResult);
  const count = segments.length;

  const track = useMemo(() => makeTrack(Math.max(1, count)), [count]);
  useEffect(() => engine.bind(track), [engine, track]);

  const rotorRef = useRotor(engine);
  const faceRef = useWheelFace(segments);

  const busy = state !== 'idle';
  return (
    <div className={['game-wheel', busy ? 'is-spinning' : '', className ?? ''].filter(Boolean).join(' ')}>
      <WheelLights />
      {/* The canvas face is the picture (its name lists the prizes); the button stays its own control. */}
      <div className="game-wheel__rotor" ref={rotorRef} role="img" aria-label={ariaLabel}>
        <canvas className="game-wheel__face" ref={faceRef} />
      </div>
      {lastResult !== null && state === 'idle' && (
        <svg className="game-wheel__win" viewBox="-100 -100 200 200" aria-hidden="true">
          <path d={wedgePath(segmentAngle(Math.max(1, count)))} />
        </svg>
      )}
      <span className="game-wheel__pointer" aria-hidden="true" />
      <button
        type="button"
        className="game-wheel__button"
        disabled={disabled || busy}
        onClick={onPress}
        aria-live="polite"
      >
        <span className="game-wheel__button-label">{busy ? t('game.wheel.drawing') : buttonLabel}</span>
        {buttonSubLabel && <span className="game-wheel__button-sub">{buttonSubLabel}</span>}
      </button>
    </div>
  );
}
