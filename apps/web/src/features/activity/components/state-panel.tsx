import { type ReactNode, useEffect, useState } from 'react';
import { releaseWhen } from '#web/shared/lib/release-when';
import { Link } from '#web/shared/navigation/navigation';
import { homePath } from '#web/shared/navigation/paths';
import { ActionButton } from '#web/shared/ui/action-button';
import type { ActivityView } from '../hooks/use-activity';
import { type MessageKey, t } from '../messages';
import { countdownParts, type Gate, pacedUntil } from '../model/gate';

type PanelGate = Exclude<Gate, 'ready'>;

const TEXT: Record<PanelGate, { title: MessageKey; desc: MessageKey }> = {
  loading: { title: 'act.state.loading', desc: 'act.state.loadingDesc' },
  offline: { title: 'act.state.offline', desc: 'act.state.offlineDesc' },
  busy: { title: 'act.state.busy', desc: 'act.state.busyDesc' },
  missing: { title: 'act.state.missing', desc: 'act.state.missingDesc' },
  'not-started': { title: 'act.state.notStarted', desc: 'act.state.notStartedDesc' },
  ended: { title: 'act.state.ended', desc: 'act.state.endedDesc' },
  paused: { title: 'act.state.paused', desc: 'act.state.pausedDesc' },
  'not-eligible': { title: 'act.state.notEligible', desc: 'act.state.notEligibleDesc' },
  'no-chances': { title: 'act.state.noChances', desc: 'act.state.noChancesDesc' },
  'sold-out': { title: 'act.state.soldOut', desc: 'act.state.soldOutDesc' },
  'paced-out': { title: 'act.state.pacedToday', desc: 'act.state.pacedBack' },
};

/** 今日已抢完 / 明天10:00再来: a paced campaign's title and when to come back, in China time (ADR 0063). */
function pacedText(at: number, now: number): { title: string; desc: string } {
  const { when, sameDay } = releaseWhen(at, now);
  return {
    title: t(sameDay ? 'act.state.pacedRound' : 'act.state.pacedToday'),
    desc: t('act.state.pacedBack', { when }),
  };
}

/** One festive illustration, varied per state by its emblem. */
function StateArt({ gate }: { gate: PanelGate }) {
  return (
    <svg className="act-state__art" viewBox="0 0 160 130" aria-hidden="true">
      <defs>
        <radialGradient id="sa-glow" cx=".5" cy=".5" r=".5">
          <stop offset="0" stopColor="#fff3c4" />
          <stop offset="1" stopColor="#fff3c4" stopOpacity="0" />
        </radialGradient>
        <linearGradient id="sa-red" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#ff6b4a" />
          <stop offset="1" stopColor="#d3201f" />
        </linearGradient>
        <linearGradient id="sa-gold" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#fff0b8" />
          <stop offset="1" stopColor="#f3b23a" />
        </linearGradient>
      </defs>
      <circle cx="80" cy="66" r="62" fill="url(#sa-glow)" />
      <path d="M20 24l3 6 6 3-6 3-3 6-3-6-6-3 6-3z" fill="#ffd36b" />
      <path d="M140 16l2 4 4 2-4 2-2 4-2-4-4-2 4-2z" fill="#ffb199" />
      <circle cx="136" cy="92" r="3" fill="#ffd36b" />
      <circle cx="26" cy="96" r="2.5" fill="#ff9f7a" />
      {/* red packet body */}
      <rect x="48" y="30" width="64" height="84" rx="9" fill="url(#sa-red)" />
      <path d="M48 44c14 16 50 16 64 0V39a9 9 0 0 0-9-9H57a9 9 0 0 0-9 9z" fill="#c4161c" opacity=".55" />
      <circle cx="80" cy="60" r="15" fill="url(#sa-gold)" stroke="#e39b1e" strokeWidth="1.5" />
      <Emblem gate={gate} />
      <rect x="60" y="86" width="40" height="5" rx="2.5" fill="#ffd9a0" opacity=".7" />
      <rect x="66" y="96" width="28" height="4" rx="2" fill="#ffd9a0" opacity=".45" />
    </svg>
  );
}

function Emblem({ gate }: { gate: PanelGate }) {
  const ink = '#b3261e';
  switch (gate) {
    case 'not-started':
    case 'paced-out':
      return (
        <g stroke={ink} strokeWidth="2.4" fill="none" strokeLinecap="round">
          <circle cx="80" cy="60" r="8.5" />
          <path d="M80 55v5l3.5 2.5" />
        </g>
      );
    case 'ended':
    case 'missing':
      return <path d="M73 60h14" stroke={ink} strokeWidth="3" strokeLinecap="round" />;
    case 'paused':
      return <path d="M76 54v12M84 54v12" stroke={ink} strokeWidth="3" strokeLinecap="round" />;
    case 'not-eligible':
      return (
        <path
          d="M80 51l7 3v5c0 5-3 8-7 10-4-2-7-5-7-10v-5z"
          stroke={ink}
          strokeWidth="2.2"
          fill="none"
          strokeLinejoin="round"
        />
      );
    case 'no-chances':
    case 'sold-out':
      return (
        <text x="80" y="66" textAnchor="middle" fontSize="17" fontWeight="900" fill={ink}>
          0
        </text>
      );
    case 'busy':
      return (
        <path
          d="M80 50c5 6 9 9 9 15a9 9 0 0 1-18 0c0-4 2-6 4-8 0 3 1 5 3 5-1-5 0-9 2-12z"
          stroke={ink}
          strokeWidth="2.2"
          fill="none"
          strokeLinejoin="round"
        />
      );
    case 'offline':
      return (
        <g stroke={ink} strokeWidth="2.4" fill="none" strokeLinecap="round">
          <path d="M71 58a13 13 0 0 1 18 0M75 62a7 7 0 0 1 10 0" />
          <circle cx="80" cy="66" r="1.2" fill={ink} />
          <path d="M72 52l16 16" />
        </g>
      );
    default:
      return (
        <text x="80" y="66" textAnchor="middle" fontSize="17" fontWeight="900" fill={ink}>
          {t('activity.fortune')}
        </text>
      );
  }
}

function Countdown({ until, serverNow }: { until: number; serverNow: () => number }) {
  const [, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((n) => n + 1), 1000);
    return () => clearInterval(timer);
  }, []);
  const { days, hours, minutes, seconds } = countdownParts(until - serverNow());
  const cell = (v: number) => String(v).padStart(2, '0');
  return (
    <div className="act-countdown" data-testid="countdown" role="timer">
      {days > 0 && (
        <>
          <span className="act-countdown__cell">{days}</span>
          <span className="act-countdown__unit">{t('act.days')}</span>
        </>
      )}
      <span className="act-countdown__cell">{cell(hours)}</span>
      <span className="act-countdown__sep">:</span>
      <span className="act-countdown__cell">{cell(minutes)}</span>
      <span className="act-countdown__sep">:</span>
      <span className="act-countdown__cell">{cell(seconds)}</span>
    </div>
  );
}

export interface StatePanelProps {
  gate: PanelGate;
  /** For not-started: when the activity opens. */
  startsAt?: number;
  /** For paced-out: the next release (ADR 0063). */
  releaseAt?: number | null;
  serverNow?: () => number;
  onRetry?: () => void;
  /** Extra actions (e.g. "my prizes"). */
  children?: ReactNode;
}

/** The designed state users meet instead of the game: not started (with countdown), ended, no chances… */
export function StatePanel({ gate, startsAt, releaseAt, serverNow, onRetry, children }: StatePanelProps) {
  const paced = gate === 'paced-out' && typeof releaseAt === 'number' && serverNow ? releaseAt : null;
  const text =
    paced !== null && serverNow
      ? pacedText(paced, serverNow())
      : { title: t(TEXT[gate].title), desc: t(TEXT[gate].desc) };
  const until = gate === 'not-started' ? startsAt : (paced ?? undefined);
  return (
    <section className={`act-state is-${gate}`} data-testid="state-panel" data-state={gate} aria-live="polite">
      <StateArt gate={gate} />
      <h2 className="act-state__title">{text.title}</h2>
      <p className="act-state__desc">{text.desc}</p>
      {until !== undefined && serverNow && <Countdown until={until} serverNow={serverNow} />}
      <div className="act-state__actions">
        {(gate === 'offline' || gate === 'busy' || gate === 'loading') && onRetry && (
          <ActionButton onAction={onRetry}>{t('act.retry')}</ActionButton>
        )}
        {children}
        {gate !== 'loading' && (
          <Link className="act-state__link" to={homePath()}>
            {t('act.morePark')}
          </Link>
        )}
      </div>
    </section>
  );
}

/** A game screen's designed state (not started, ended, no chances, …) from its activity view; nothing while playable. */
export function ActivityStatePanel({
  view,
}: {
  view: Pick<ActivityView, 'gate' | 'detail' | 'surplus' | 'serverNow' | 'reload'>;
}) {
  if (view.gate === 'ready') return null;
  return (
    <StatePanel
      gate={view.gate}
      startsAt={view.detail?.startsAt}
      releaseAt={pacedUntil(view.surplus)}
      serverNow={view.serverNow}
      onRetry={view.reload}
    />
  );
}
