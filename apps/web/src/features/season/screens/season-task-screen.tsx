import type { RouteData } from '@campaign/contract/client';
import { useEndpointMutation, useEndpointQuery } from '#web/api/endpoint-query';
import { useLoginWhenExpired } from '#web/api/use-login-when-expired';
import { useNavigate } from '#web/shared/navigation/navigation';
import { homePath } from '#web/shared/navigation/paths';
import { showToast } from '#web/shared/ui/feedback';
import { SeasonFrame, SeasonSkeleton, SeasonState } from '../components/season-frame';
import { useSeasonActId } from '../components/use-season';
import { type MessageKey, t } from '../messages';
import { SEASON_PATHS, seasonLink } from '../model/season-view';

type SeasonTask = RouteData<'seasonTasks'>['tasks'][number];

const KIND_LABEL: Record<SeasonTask['kind'], MessageKey> = {
  signin: 'season.kindSignin',
  draw: 'season.kindDraw',
  visit: 'season.kindVisit',
  invite: 'season.kindInvite',
};

function taskDesc(task: SeasonTask): string {
  if (task.kind === 'visit') return t('season.visitDesc', { seconds: task.seconds ?? 0 });
  if (task.kind === 'invite') return t('season.inviteDesc', { n: task.timesTotal });
  return t(task.period === 'once' ? 'season.onceDesc' : 'season.dailyDesc');
}
function TaskRow({ task, disabled, onGo }: { task: SeasonTask; disabled: boolean; onGo: () => void }) {
  return (
    <li key={task.id} className={`season-card season-task is-${task.kind}${task.doneNow ? ' is-done' : ''}`}>
      <span className="season-task__badge" aria-hidden="true">
        {t(KIND_LABEL[task.kind])}
      </span>
      <div className="season-task__text">
        <h3>{task.title}</h3>
        <p>{taskDesc(task)}</p>
      </div>
      <span className="season-task__points">+{task.points}</span>
      <button
        type="button"
        className="season-btn season-btn--small"
        data-testid={`season-task-${task.id}`}
        disabled={disabled}
        onClick={onGo}
      >
        {task.doneNow ? t('season.done') : t(task.kind === 'signin' ? 'season.signin' : 'season.goDo')}
      </button>
    </li>
  );
}

/** /pro1/task?actId=…: each task with its points, whether it is done in this period, and a button to do it. */
export function SeasonTaskScreen() {
  const actId = useSeasonActId();
  const navigate = useNavigate();
  const tasks = useEndpointQuery('seasonTasks', { query: { actId } }, { enabled: actId !== '', meta: { quiet: true } });
  const signIn = useEndpointMutation('seasonSignIn');
  useLoginWhenExpired(tasks.error);
  const d = tasks.data;
  const live = d?.status === 'live';
  const done = d?.tasks.filter((x) => x.doneNow).length ?? 0;
  const countable = d?.tasks.filter((x) => x.period !== 'perInvitee').length ?? 0;

  const go = (task: SeasonTask) => {
    if (task.kind === 'signin') {
      signIn.mutate(
        { body: { actId, taskId: task.id } },
        {
          onSuccess: (r) =>
            showToast(r.credited ? t('season.creditedToast', { points: r.points }) : t('season.alreadyToday')),
        },
      );
    } else if (task.kind === 'visit') {
      navigate(seasonLink(SEASON_PATHS.visit, actId, { taskId: task.id }));
    } else if (task.kind === 'draw' && task.actId) {
      navigate(`/upStdDraw?actId=${encodeURIComponent(task.actId)}`);
    } else if (task.kind === 'invite') {
      // The inviter's own share page: their QR code and link for the offer the invites count for.
      navigate(task.actId ? `/newCustomersShare?actId=${encodeURIComponent(task.actId)}` : homePath());
    } else {
      navigate(seasonLink(SEASON_PATHS.visitShare, actId, { taskId: task.id }));
    }
  };

  return (
    <SeasonFrame
      actId={actId}
      tab="task"
      title={t('season.taskTitle')}
      subtitle={t('season.taskSub')}
      status={d?.status}
    >
      {!actId || tasks.isError ? (
        <SeasonState title={t('season.notFound')} desc={tasks.error?.detail ?? t('season.notFoundDesc')} />
      ) : !d ? (
        <SeasonSkeleton />
      ) : (
        <>
          <section className="season-card season-today">
            <div
              className="season-today__ring"
              style={{ '--p': countable ? done / countable : 0 } as React.CSSProperties}
            >
              <b>
                {done}/{countable}
              </b>
            </div>
            <div>
              <h2>{t('season.todayTitle')}</h2>
              <p>{t('season.todayDesc', { points: d.me.score })}</p>
            </div>
          </section>
          <ul className="season-tasks" data-testid="season-tasks">
            {d.tasks.map((task) => (
              <TaskRow
                key={task.id}
                task={task}
                disabled={!live || task.doneNow || (task.kind === 'signin' && signIn.isPending)}
                onGo={() => go(task)}
              />
            ))}
          </ul>
        </>
      )}
    </SeasonFrame>
  );
}
