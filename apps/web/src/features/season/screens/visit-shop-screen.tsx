import { useEffect, useRef, useState } from 'react';
import { useEndpointMutation } from '#web/api/endpoint-query';
import { CallFailure } from '#web/api/errors';
import { useLoginWhenExpired } from '#web/api/use-login-when-expired';
import { imageUrl } from '#web/shared/lib/image-url';
import { Link, useSearchParams } from '#web/shared/navigation/navigation';
import { SeasonFrame } from '../components/season-frame';
import { useSeasonActId } from '../components/use-season';
import { t } from '../messages';
import { SEASON_PATHS, seasonLink, visitProgress } from '../model/season-view';

const VISIT_TOO_SOON = 4703;
const RING = 2 * Math.PI * 42;

/** The shop's shelf: what the points buy (the page the task asks the customer to look at). */
const SHELF = [
  { img: '/prizes/headphones.svg', name: 'season.shelfBuds', pts: 2999 },
  { img: '/prizes/cup.svg', name: 'season.shelfCup', pts: 680 },
  { img: '/prizes/movie.svg', name: 'season.shelfMovie', pts: 400 },
  { img: '/prizes/red-packet.svg', name: 'season.shelfRed', pts: 188 },
] as const;

function Shelf() {
  return (
    <section className="season-card visit-shelf" aria-label={t('season.shelfTitle')}>
      <h2 className="season-card__title">{t('season.shelfTitle')}</h2>
      {/* Nothing here is tappable: exchange with points is not open yet, and the shelf says so. */}
      <p className="visit-shelf__soon" data-testid="shop-soon">
        {t('season.shopSoon')}
      </p>
      <ul>
        {SHELF.map((item) => (
          <li key={item.name}>
            <img src={imageUrl(item.img)} alt="" />
            <b>{t(item.name)}</b>
            <span>{t('season.pointsShort', { n: item.pts })}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** `noTask`: opened without a task (a bookmark, a link passed on): nothing to time, the way to the tasks. */
type Phase = 'noTask' | 'starting' | 'running' | 'credited' | 'doneBefore' | 'failed';

/** The visit's clock: started on the server, counted here on the server's time, credited when it has passed. */
function useVisitTimer(actId: string, taskId: string) {
  const start = useEndpointMutation('seasonVisitStart');
  const finish = useEndpointMutation('seasonVisitFinish');
  const [phase, setPhase] = useState<Phase>(taskId ? 'starting' : 'noTask');
  const [visit, setVisit] = useState<{ token: string; seconds: number; startedAt: number; offset: number } | null>(
    null,
  );
  const [now, setNow] = useState(() => Date.now());
  const [points, setPoints] = useState(0);
  const asked = useRef(false);
  useLoginWhenExpired(start.error);

  // biome-ignore lint/correctness/useExhaustiveDependencies: one start per page visit
  useEffect(() => {
    if (!actId || !taskId) return;
    start.mutate(
      { body: { actId, taskId } },
      {
        onSuccess: (v) => {
          setVisit({ ...v, offset: v.startedAt - Date.now() });
          setPhase(v.doneNow ? 'doneBefore' : 'running');
        },
        onError: () => setPhase('failed'),
      },
    );
  }, [actId, taskId]);

  useEffect(() => {
    if (phase !== 'running') return;
    const id = window.setInterval(() => setNow(Date.now()), 200);
    return () => window.clearInterval(id);
  }, [phase]);

  const progress = visit ? visitProgress(visit.startedAt, visit.seconds, now + visit.offset) : 0;
  const secondsLeft = visit ? Math.max(0, Math.ceil(visit.seconds * (1 - progress))) : 0;

  useEffect(() => {
    if (phase !== 'running' || progress < 1 || !visit || asked.current) return;
    asked.current = true;
    finish.mutate(
      { body: { actId, taskId, token: visit.token }, quiet: true },
      {
        onSuccess: (r) => {
          setPoints(r.points);
          setPhase(r.credited ? 'credited' : 'doneBefore');
        },
        onError: (err) => {
          // Our clock ran ahead of the server's: ask again a moment later.
          if (err instanceof CallFailure && err.code === VISIT_TOO_SOON) {
            window.setTimeout(() => {
              asked.current = false;
              setNow(Date.now());
            }, 1000);
          } else setPhase('failed');
        },
      },
    );
  }, [phase, progress, visit, actId, taskId, finish]);
  const failure = start.error?.detail ?? finish.error?.detail;
  return { phase, progress, secondsLeft, points, failure };
}

interface RingProps {
  phase: Phase;
  progress: number;
  secondsLeft: number;
  points: number;
  ringText: string;
}

function VisitRing({ phase, progress, secondsLeft, points, ringText }: RingProps) {
  return (
    <svg className="visit-ring" viewBox="0 0 100 100" role="img" aria-label={ringText}>
      <circle cx="50" cy="50" r="42" className="visit-ring__track" />
      <circle
        cx="50"
        cy="50"
        r="42"
        className="visit-ring__bar"
        strokeDasharray={RING}
        strokeDashoffset={phase === 'running' || phase === 'starting' || phase === 'noTask' ? RING * (1 - progress) : 0}
      />
      <text x="50" y="48" className="visit-ring__num">
        {phase === 'running' || phase === 'starting'
          ? secondsLeft || '…'
          : phase === 'credited'
            ? `+${points}`
            : phase === 'noTask'
              ? '→'
              : '✓'}
      </text>
      <text x="50" y="64" className="visit-ring__unit">
        {phase === 'running' || phase === 'starting'
          ? t('season.seconds')
          : phase === 'noTask'
            ? t('season.tabTask')
            : t('season.points')}
      </text>
    </svg>
  );
}

/**
 * /visitShop?actId=…&taskId=…: "stay on this page N seconds". The server seals its own start time in a token;
 * the ring shows the seconds on the server's clock and the credit is asked for only when they have passed
 * (the server checks again, so a faster clock here gains nothing).
 */
export function VisitShopScreen() {
  const actId = useSeasonActId();
  const [params] = useSearchParams();
  const taskId = params.get('taskId') ?? '';
  const { phase, progress, secondsLeft, points, failure } = useVisitTimer(actId, taskId);

  const ringText =
    phase === 'credited'
      ? t('season.visitCredited', { points })
      : phase === 'doneBefore'
        ? t('season.visitDoneToday')
        : phase === 'failed'
          ? (failure ?? t('season.visitFailed'))
          : phase === 'noTask'
            ? t('season.visitNoTask')
            : t('season.visitLeft', { seconds: secondsLeft });

  return (
    <SeasonFrame actId={actId} tab={null} title={t('season.shopTitle')} subtitle={t('season.shopSub')}>
      <section
        className={`season-card visit-timer is-${phase}`}
        data-testid="visit-timer"
        data-phase={phase}
        aria-live="polite"
      >
        <VisitRing phase={phase} progress={progress} secondsLeft={secondsLeft} points={points} ringText={ringText} />
        <div className="visit-timer__text">
          <h2>{ringText}</h2>
          {phase === 'running' || phase === 'starting' ? <p>{t('season.visitHint')}</p> : null}
          {phase === 'credited' || phase === 'doneBefore' || phase === 'noTask' ? (
            <Link className="season-btn season-btn--small" to={seasonLink(SEASON_PATHS.task, actId)}>
              {t('season.backToTasks')}
            </Link>
          ) : null}
        </div>
      </section>
      <Shelf />
    </SeasonFrame>
  );
}

/** /visitShopShare?actId=…: the shop as a friend receives it (no timer, no page-view record: spec §4). */
export function VisitShopShareScreen() {
  const actId = useSeasonActId();
  return (
    <SeasonFrame actId={actId} tab={null} title={t('season.shopTitle')} subtitle={t('season.shareSub')}>
      <section className="season-card visit-share" data-testid="visit-share">
        <h2>{t('season.shareTitle')}</h2>
        <p>{t('season.shareDesc')}</p>
        <Link className="season-btn" to={seasonLink(SEASON_PATHS.home, actId)}>
          {t('season.join')}
        </Link>
      </section>
      <Shelf />
    </SeasonFrame>
  );
}
