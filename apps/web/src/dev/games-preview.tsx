// Dev-only preview of the game widgets (served by `vite` through /games-preview.html; not in the build).
import { StrictMode, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { BlindBox, type BlindBoxHandle } from '../shared/games/blind-box';
import { GridDraw } from '../shared/games/grid-draw';
import { PrizeWheel, type WheelSegment } from '../shared/games/prize-wheel';
import { ScratchCard } from '../shared/games/scratch-card';
import { useSpinController } from '../shared/games/use-spin-controller';
import './games-preview.css';

const img = (name: string) => `/prizes/${name}.svg`;

const WHEEL: WheelSegment[] = [
  { id: 1, name: '50元话费券', imageUrl: img('coupon') },
  { id: 2, name: '谢谢参与', imageUrl: img('thanks') },
  { id: 3, name: '888积分', imageUrl: img('points') },
  { id: 4, name: '蓝牙耳机', imageUrl: img('headphones') },
  { id: 5, name: '现金红包', imageUrl: img('red-packet') },
  { id: 6, name: '电影票', imageUrl: img('movie') },
  { id: 7, name: '智能手机', imageUrl: img('phone') },
  { id: 8, name: '咖啡券', imageUrl: img('cup') },
];

const GRID = [
  { id: 1, name: '智能手机', imageUrl: img('phone') },
  { id: 2, name: '888积分', imageUrl: img('points') },
  { id: 3, name: '现金红包', imageUrl: img('red-packet') },
  { id: 4, name: '蓝牙耳机', imageUrl: img('headphones') },
  { id: 5, name: '谢谢参与', imageUrl: img('thanks') },
  { id: 6, name: '精美礼品', imageUrl: img('gift') },
  { id: 7, name: '信用卡礼', imageUrl: img('card') },
  { id: 8, name: '咖啡券', imageUrl: img('cup') },
];

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="pv-section">
      <h2 className="pv-title">{title}</h2>
      {children}
    </section>
  );
}

function WheelDemo() {
  const [log, setLog] = useState('点击中心按钮开始');
  const [target, setTarget] = useState(4);
  const [chances, setChances] = useState(3);
  const spin = useSpinController({
    onSettled: (i) => setLog(`停在 #${i}：${WHEEL[i]?.name}`),
    onCancelled: () => setLog('网络异常，已停止'),
  });
  return (
    <Section title="幸运大转盘">
      <PrizeWheel
        segments={WHEEL}
        controller={spin}
        buttonSubLabel={`剩余${chances}次`}
        disabled={chances <= 0}
        onPress={() => {
          setChances((c) => c - 1);
          spin.start();
          setLog('旋转中，等待服务器…');
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
          +3次
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
  const spin = useSpinController({ onSettled: (i) => setLog(`停在 #${i}：${GRID[i]?.name}`) });
  return (
    <Section title="九宫格抽奖">
      <GridDraw
        prizes={GRID}
        controller={spin}
        buttonSubLabel="剩余2次"
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
    <Section title="刮刮卡">
      <div className="pv-scratch-frame">
        <ScratchCard
          key={round}
          brushRadius={20}
          onScratchStart={() => setLog('开始刮（此时发起抽奖请求）')}
          onReveal={() => setLog('已揭晓 onReveal()')}
        >
          <div className="pv-scratch-prize">
            <img src={img('red-packet')} alt="" />
            <div>
              <strong>恭喜获得</strong>
              <span>8.88元现金红包</span>
            </div>
          </div>
        </ScratchCard>
      </div>
      <div className="pv-controls">
        <button type="button" onClick={() => setRound((r) => r + 1)}>
          再刮一张
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
  const [log, setLog] = useState('挑一个盲盒');
  return (
    <Section title="幸运盲盒">
      <BlindBox
        ref={ref}
        count={6}
        onPick={(i) => {
          setLog(`选中 #${i}，等待结果…`);
          setTimeout(() => ref.current?.open({ name: '蓝牙耳机', imageUrl: img('headphones') }), 1500);
        }}
        onOpened={() => setLog('onOpened()：弹出结果')}
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
    <Section title="奖品图">
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
      <h1 className="pv-h1">活动组件预览</h1>
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
