import { type CSSProperties, type Ref, useEffect, useId, useImperativeHandle, useRef, useState } from 'react';
import { t } from '../i18n/messages';
import { useReducedMotion } from './use-reduced-motion';
import './blind-box.css';

export interface BlindBoxPrize {
  name: string;
  imageUrl?: string;
}

export interface BlindBoxHandle {
  /** Plays the opening animation on the picked box, then calls onOpened(). Ignored unless a box is picked. */
  open(prize: BlindBoxPrize): void;
  /** The draw failed: stop shaking and let the user pick again. */
  cancel(): void;
  /** Close everything for another round. */
  reset(): void;
}

export interface BlindBoxProps {
  count?: number;
  /** The user chose box `index`; send the draw request, then call ref.open(prize) or ref.cancel(). */
  onPick?: (index: number) => void;
  onOpened?: () => void;
  disabled?: boolean;
  ref?: Ref<BlindBoxHandle>;
  className?: string;
}

type Phase =
  | { kind: 'picking' }
  | { kind: 'waiting'; index: number }
  | { kind: 'opening' | 'opened'; index: number; prize: BlindBoxPrize };

/** Lid lift 0–0.5 s, glow from 0.3 s, prize rises 0.5–1.2 s; the result is announced after it lands. */
export const BLIND_BOX_OPEN_MS = 1300;

const PALETTE = [
  ['#ff5a4e', '#d3141f'],
  ['#b46cff', '#6d28d9'],
  ['#ff8fb8', '#e0357a'],
  ['#ffb347', '#e66a00'],
  ['#4fd1c5', '#0f8f86'],
  ['#6aa8ff', '#2f5fe0'],
] as const;

function BoxArt({ colors, uid }: { colors: readonly [string, string]; uid: string }) {
  const body = `${uid}-body`;
  const lid = `${uid}-lid`;
  const gold = `${uid}-gold`;
  return (
    <svg className="game-box__art" viewBox="0 0 100 100" aria-hidden="true">
      <defs>
        <linearGradient id={body} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={colors[0]} />
          <stop offset="1" stopColor={colors[1]} />
        </linearGradient>
        <linearGradient id={lid} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor={colors[0]} />
          <stop offset="1" stopColor={colors[1]} />
        </linearGradient>
        <linearGradient id={gold} x1="0" y1="0" x2="1" y2="0">
          <stop offset="0" stopColor="#ffe27a" />
          <stop offset=".5" stopColor="#fff6c9" />
          <stop offset="1" stopColor="#f5b82e" />
        </linearGradient>
      </defs>
      <ellipse cx="50" cy="93" rx="34" ry="4.5" fill="rgba(90,20,10,.25)" />
      <g className="game-box__body">
        <rect x="18" y="46" width="64" height="46" rx="4" fill={`url(#${body})`} />
        <rect x="18" y="46" width="64" height="7" fill="rgba(0,0,0,.18)" />
        <rect x="44" y="46" width="12" height="46" fill={`url(#${gold})`} />
        <circle cx="31" cy="72" r="8.5" fill="rgba(255,255,255,.9)" />
        <text x="31" y="76.5" textAnchor="middle" fontSize="13" fontWeight="900" fill={colors[1]}>
          ?
        </text>
        <path d="M22 50v38" stroke="rgba(255,255,255,.35)" strokeWidth="2.5" strokeLinecap="round" />
      </g>
      <g className="game-box__lid">
        <rect x="14" y="36" width="72" height="13" rx="3" fill={`url(#${lid})`} />
        <rect x="14" y="36" width="72" height="4" rx="2" fill="rgba(255,255,255,.3)" />
        <rect x="43" y="36" width="14" height="13" fill={`url(#${gold})`} />
        <path
          d="M50 36c-6-10-20-14-22-6-2 7 12 8 22 6zM50 36c6-10 20-14 22-6 2 7-12 8-22 6z"
          fill={`url(#${gold})`}
          stroke="#e09b16"
          strokeWidth="1.2"
        />
        <path d="M47 37l-7 10M53 37l7 10" stroke="#f0b02a" strokeWidth="3.5" strokeLinecap="round" />
        <circle cx="50" cy="35" r="4.5" fill="#ffd24d" stroke="#e09b16" strokeWidth="1.2" />
      </g>
    </svg>
  );
}
/** The boxes' phase: picking → waiting (shaking) → opening → opened, driven by the handle's open/cancel/reset. */
function useBoxPhase(ref: BlindBoxProps['ref'], onOpened: BlindBoxProps['onOpened'], reduced: boolean) {
  const [phase, setPhase] = useState<Phase>({ kind: 'picking' });
  const phaseRef = useRef(phase);
  phaseRef.current = phase;
  const onOpenedRef = useRef(onOpened);
  onOpenedRef.current = onOpened;

  useImperativeHandle(
    ref,
    () => ({
      open(prize) {
        const p = phaseRef.current;
        if (p.kind !== 'waiting') return;
        setPhase({ kind: 'opening', index: p.index, prize });
      },
      cancel() {
        if (phaseRef.current.kind === 'waiting') setPhase({ kind: 'picking' });
      },
      reset() {
        setPhase({ kind: 'picking' });
      },
    }),
    [],
  );

  const openingIndex = phase.kind === 'opening' ? phase.index : null;
  useEffect(() => {
    if (openingIndex === null) return;
    const t = setTimeout(
      () => {
        setPhase((p) => (p.kind === 'opening' ? { ...p, kind: 'opened' } : p));
        onOpenedRef.current?.();
      },
      reduced ? 0 : BLIND_BOX_OPEN_MS,
    );
    return () => clearTimeout(t);
  }, [openingIndex, reduced]);
  return [phase, setPhase] as const;
}

/**
 * A grid of closed gift boxes. Picking one shakes it until the screen calls open(prize) or cancel().
 *
 *   const box = useRef<BlindBoxHandle>(null);
 *   <BlindBox count={6} ref={box}
 *     onPick={() => lottery().then((r) => box.current?.open({ name: r.name, imageUrl: r.image }), () => box.current?.cancel())}
 *     onOpened={() => setDialogOpen(true)} />
 */
export function BlindBox({ count = 6, onPick, onOpened, disabled, ref, className }: BlindBoxProps) {
  const reduced = useReducedMotion();
  const [phase, setPhase] = useBoxPhase(ref, onOpened, reduced);
  const uid = useId().replace(/[^a-zA-Z0-9_-]/g, '');

  const pick = (index: number) => {
    if (disabled || phase.kind !== 'picking') return;
    setPhase({ kind: 'waiting', index });
    onPick?.(index);
  };

  const chosen = phase.kind === 'picking' ? null : phase.index;
  return (
    <div
      className={['game-blind', `is-${phase.kind}`, reduced ? 'is-reduced' : '', className ?? '']
        .filter(Boolean)
        .join(' ')}
    >
      {Array.from({ length: count }, (_, i) => {
        const colors = PALETTE[i % PALETTE.length] ?? PALETTE[0];
        const isChosen = chosen === i;
        const state = isChosen
          ? phase.kind === 'waiting'
            ? 'is-shaking'
            : 'is-open'
          : chosen !== null
            ? 'is-dim'
            : '';
        const prize = isChosen && (phase.kind === 'opening' || phase.kind === 'opened') ? phase.prize : null;
        return (
          <button
            // biome-ignore lint/suspicious/noArrayIndexKey: boxes are positional
            key={i}
            type="button"
            className={['game-box', state].filter(Boolean).join(' ')}
            style={{ '--game-box-delay': `${(i % 3) * -0.4}s` } as CSSProperties}
            onClick={() => pick(i)}
            disabled={disabled || (phase.kind !== 'picking' && !isChosen)}
            aria-label={
              prize ? t('game.blind.boxPrize', { n: i + 1, prize: prize.name }) : t('game.blind.box', { n: i + 1 })
            }
            aria-busy={isChosen && phase.kind === 'waiting'}
          >
            {prize && <span className="game-box__glow" aria-hidden="true" />}
            <BoxArt colors={colors} uid={`${uid}-${i}`} />
            {prize && (
              <span className="game-box__prize">
                {prize.imageUrl && (
                  <img className="game-box__prize-img" src={prize.imageUrl} alt="" draggable={false} />
                )}
                <span className="game-box__prize-name">{prize.name}</span>
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}
