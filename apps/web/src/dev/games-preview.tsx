// Dev-only preview of the game widgets (served by `vite` through /games-preview.html; not in the build).
import { StrictMode, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { BlindBox, type BlindBoxHandle } from '../shared/games/blind-box';
import { GridDraw } from '../shared/games/grid-draw';
import { PrizeWheel, type WheelSegment } from '../shared/games/prize-wheel';
import { ScratchCard } from '../shared/games/scratch-card';
import { useSpinController } from '../shared/games/use-spin-controller';
import './games-preview.css';
import { chancesLeft, GRID_NAMES, PREVIEW_TEXT, picked, stoppedAt, WHEEL_NAMES } from './preview-messages';

const img = (name: string) => `/prizes/${name}.svg`;

const WHEEL_IMAGES = ['coupon', 'thanks', 'points', 'headphones', 'red-packet', 'movie', 'phone', 'cup'];
const WHEEL: WheelSegment[] = WHEEL_NAMES.map((name, i) => ({ id: i + 1, name, imageUrl: img(WHEEL_IMAGES[i] ?? '') }));

const GRID_IMAGES = ['phone', 'points', 'red-packet', 'headphones', 'thanks', 'gift', 'card', 'cup'];
const GRID = GRID_NAMES.map((name, i) => ({ id: i + 1, name, imageUrl: img(GRID_IMAGES[i] ?? '') }));

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="pv-section">
      <h2 className="pv-title">{title}</h2>
      {children}
    </section>
  );
}

function WheelDemo() {
  const [log, setLog] = useState<string>(PREVIEW_TEXT.wheelIdle);
  const [target, setTarget] = useState(4);
  const [chances, setChances] = useState(3);
  const spin = useSpinController({
    onSettled: (i) => setLog(stoppedAt(i, WHEEL[i]?.name)),
    onCancelled: () => setLog(PREVIEW_TEXT.cancelled),
  });
  return (
    <Section title={PREVIEW_TEXT.wheel}>
      <PrizeWheel
        segments={WHEEL}
        controller={spin}
        buttonSubLabel={chancesLeft(chances)}
        disabled={chances <= 0}
        onPress={() => {
          setChances((c) => c - 1);
          spin.start();
          setLog(PREVIEW_TEXT.spinning);
        }}
      />
      <div className="pv-controls" data-testid="wheel-controls">
        <select value={target} onChange={(e) => setTarget(Number(e.target.value))} aria-label="target">
          {WHEEL.map((s, i) => (
            <option key={s.id} value={i}>
              #{i} {s.name}
            </option>
          ))}
        </select>
        <button type="button" onClick={() => spin.start()} data-testid="wheel-start">
          start
        </button>
        <button type="button" onClick={() => spin.stopAt(target)} data-testid="wheel-stop">
          stopAt
        </button>
        <button type="button" onClick={() => spin.stopAt(target, { seed: Date.now() })}>
          stopAt+seed
        </button>
        <button type="button" onClick={() => spin.cancel()}>
          cancel
        </button>
        <button type="button" onClick={() => setChances(3)}>
          {PREVIEW_TEXT.addChances}
        </button>
      </div>
      <p className="pv-log" data-testid="wheel-log">
        state={spin.state} · {log}
      </p>
    </Section>
  );
}

function GridDemo() {
  const [log, setLog] = useState('');
  const [target, setTarget] = useState(2);
  const spin = useSpinController({ onSettled: (i) => setLog(stoppedAt(i, GRID[i]?.name)) });
  return (
    <Section title={PREVIEW_TEXT.grid}>
      <GridDraw
        prizes={GRID}
        controller={spin}
        buttonSubLabel={PREVIEW_TEXT.gridChances}
        onPress={() => {
          spin.start();
          setTimeout(() => spin.stopAt(target), 1200);
        }}
      />
      <div className="pv-controls">
        <select value={target} onChange={(e) => setTarget(Number(e.target.value))} aria-label="grid target">
          {GRID.map((s, i) => (
            <option key={s.id} value={i}>
              #{i} {s.name}
            </option>
          ))}
        </select>
        <button type="button" onClick={() => spin.start()} data-testid="grid-start">
          start
        </button>
        <button type="button" onClick={() => spin.stopAt(target)} data-testid="grid-stop">
          stopAt
        </button>
        <button type="button" onClick={() => spin.cancel()}>
          cancel
        </button>
      </div>
      <p className="pv-log" data-testid="grid-log">
        state={spin.state} · {log}
      </p>
    </Section>
  );
}

function ScratchDemo() {
  const [round, setRound] = useState(0);
  const [log, setLog] = useState('');
  return (
    <Section title={PREVIEW_TEXT.scratch}>
      <div className="pv-scratch-frame">
        <ScratchCard
          key={round}
          brushRadius={20}
          onScratchStart={() => setLog(PREVIEW_TEXT.scratchStart)}
          onReveal={() => setLog(PREVIEW_TEXT.revealed)}
        >
          <div className="pv-scratch-prize">
            <img src={img('red-packet')} alt="" />
            <div>
              <strong>{PREVIEW_TEXT.won}</strong>
              <span>{PREVIEW_TEXT.wonPrize}</span>
            </div>
          </div>
        </ScratchCard>
      </div>
      <div className="pv-controls">
        <button type="button" onClick={() => setRound((r) => r + 1)}>
          {PREVIEW_TEXT.again}
        </button>
      </div>
      <p className="pv-log" data-testid="scratch-log">
        {log}
      </p>
    </Section>
  );
}

function BlindBoxDemo() {
  const ref = useRef<BlindBoxHandle>(null);
  const [log, setLog] = useState<string>(PREVIEW_TEXT.boxIdle);
  return (
    <Section title={PREVIEW_TEXT.blindBox}>
      <BlindBox
        ref={ref}
        count={6}
        onPick={(i) => {
          setLog(picked(i));
          setTimeout(() => ref.current?.open({ name: PREVIEW_TEXT.boxPrize, imageUrl: img('headphones') }), 1500);
        }}
        onOpened={() => setLog(PREVIEW_TEXT.opened)}
      />
      <div className="pv-controls">
        <button type="button" onClick={() => ref.current?.cancel()}>
          cancel
        </button>
        <button type="button" onClick={() => ref.current?.reset()} data-testid="box-reset">
          reset
        </button>
      </div>
      <p className="pv-log" data-testid="box-log">
        {log}
      </p>
    </Section>
  );
}

function PrizeGallery() {
  const names = ['coupon', 'red-packet', 'points', 'phone', 'headphones', 'cup', 'gift', 'thanks', 'card', 'movie'];
  return (
    <Section title={PREVIEW_TEXT.gallery}>
      <div className="pv-gallery">
        {names.map((n) => (
          <figure key={n}>
            <img src={img(n)} alt={n} />
            <figcaption>{n}</figcaption>
          </figure>
        ))}
      </div>
    </Section>
  );
}

function Preview() {
  return (
    <main className="pv-page">
      <h1 className="pv-h1">{PREVIEW_TEXT.heading}</h1>
      <WheelDemo />
      <GridDemo />
      <ScratchDemo />
      <BlindBoxDemo />
      <PrizeGallery />
    </main>
  );
}

// The app shell sets this from the viewport; the preview does the same so rem sizes match.
const setRem = () => {
  document.documentElement.style.fontSize = `${(Math.min(window.innerWidth, 750) / 375) * 12}px`;
};
setRem();
window.addEventListener('resize', setRem);

const root = document.getElementById('preview-root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <Preview />
    </StrictMode>,
  );
}
