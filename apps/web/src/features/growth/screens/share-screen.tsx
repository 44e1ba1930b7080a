import type { InviteTask } from '@campaign/contract/client';
import type { ReactNode } from 'react';
import { useEndpointQuery } from '#web/api/endpoint-query';
import { useSession } from '#web/api/session';
import { bridge } from '#web/bridge/bridge';
import { formatDate } from '#web/shared/lib/format-date';
import { Link, useSearchParams } from '#web/shared/navigation/navigation';
import { ActionButton } from '#web/shared/ui/action-button';
import { copyText } from '#web/shared/ui/copy-text';
import { Icon } from '#web/shared/ui/icon';
import { GiftArt } from '../components/growth-art';
import { GrowthPage, GrowthState, LoginCard } from '../components/growth-frame';
import { t } from '../messages';
import { offerPath, svgDataUri } from '../model/offer-view';

/** Shares through the host app when embedded, else the browser's share sheet, else copies the link. */
async function shareLink(url: string, title: string): Promise<void> {
  const b = bridge();
  if (b.host.embedded) {
    try {
      await b.config({ share: { title, link: url } });
      return;
    } catch {
      // The host could not share: fall through to the browser.
    }
  }
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, url });
      return;
    } catch {
      // Cancelled or refused: copying still works.
    }
  }
  await copyText(url);
}

function Progress({ task }: { task: InviteTask }) {
  const cells = [
    { label: t('growth.today'), n: task.countedToday, max: task.perDay, id: 'today' },
    { label: t('growth.season'), n: task.countedSeason, max: task.perSeason, id: 'season' },
  ];
  return (
    <section className="gr-card gr-progress">
      {cells.map((c) => (
        <div key={c.id} className="gr-progress__cell" data-testid={`invite-${c.id}`}>
          <b>{t('growth.of', { n: c.n, max: c.max })}</b>
          <span>{c.label}</span>
          <i style={{ width: `${Math.min(100, (c.n / Math.max(1, c.max)) * 100)}%` }} />
        </div>
      ))}
    </section>
  );
}

function InviteCard({ actId, title }: { actId: string; title: string }) {
  const origin = window.location.origin;
  const qr = useEndpointQuery(
    'inviteQrCode',
    { body: { actId, origin } },
    { meta: { quiet: true }, staleTime: 10 * 60_000 },
  );
  if (!qr.data) {
    return qr.isError ? (
      <GrowthState title={t('sub.loadFailed')} desc={qr.error.detail} />
    ) : (
      <div className="gr-card gr-skeleton" role="status" aria-busy="true" aria-label={t('request.loading')} />
    );
  }
  const url = `${origin}${qr.data.path}`;
  return (
    <section className="gr-card gr-qr" aria-labelledby="gr-qr-title">
      <h2 id="gr-qr-title">{t('growth.qrTitle')}</h2>
      <div className="gr-qr__frame">
        <img src={svgDataUri(qr.data.qrSvg)} alt={t('growth.qrAlt')} data-testid="invite-qr" />
      </div>
      <p className="gr-qr__expires">
        {t('growth.expires', { date: formatDate(qr.data.expiresAt, 'YYYY-MM-DD HH:mm') })}
      </p>
      <input className="gr-qr__link" readOnly value={url} aria-label={t('growth.copyLink')} data-testid="invite-link" />
      <div className="gr-qr__actions">
        <ActionButton className="gr-btn gr-btn--ghost" onAction={() => void copyText(url)}>
          {t('growth.copyLink')}
        </ActionButton>
        <ActionButton className="gr-btn" onAction={() => void shareLink(url, title)} data-testid="invite-share">
          {t('growth.share')}
        </ActionButton>
      </div>
    </section>
  );
}

function Successes({ actId }: { actId: string }) {
  const info = useEndpointQuery(
    'inviteSuccessInfo',
    { body: { actId } },
    { meta: { quiet: true }, refetchInterval: 15_000 },
  );
  return (
    <section className="gr-card gr-success" aria-labelledby="gr-success-title">
      <h2 id="gr-success-title">
        {t('growth.successTitle')} <b data-testid="invite-total">{info.data?.total ?? 0}</b>
      </h2>
      {info.data && info.data.list.length > 0 ? (
        <ul data-testid="invite-list">
          {info.data.list.map((r) => (
            <li key={`${r.inviteeMasked}-${r.countedAt}`}>
              <span className="gr-avatar" aria-hidden="true">
                <Icon name="account" size="1.4rem" />
              </span>
              <span className="gr-success__who">{r.inviteeMasked}</span>
              <small>{t('growth.successAt', { date: formatDate(r.countedAt, 'MM-DD HH:mm') })}</small>
            </li>
          ))}
        </ul>
      ) : (
        <p className="gr-success__empty">{t('growth.successEmpty')}</p>
      )}
    </section>
  );
}

function ShareBody({ actId }: { actId: string }) {
  const task = useEndpointQuery(
    'inviteTaskDetail',
    { query: { actId } },
    { meta: { quiet: true }, enabled: actId !== '' },
  );
  let body: ReactNode;
  if (actId === '' || (task.isError && (task.error.code === 4001 || task.error.code === 4101)))
    body = <GrowthState title={t('growth.notFound')} />;
  else if (task.isError) body = <GrowthState title={t('sub.loadFailed')} desc={task.error.detail} />;
  else if (!task.data)
    body = <div className="gr-card gr-skeleton" role="status" aria-busy="true" aria-label={t('request.loading')} />;
  else if (task.data.blocked) body = <GrowthState reason={task.data.blocked} />;
  else
    body = (
      <>
        <Progress task={task.data} />
        <InviteCard actId={actId} title={t('growth.shareHero')} />
        <Successes actId={actId} />
        <Link className="gr-invite-link" to={offerPath(actId)}>
          <Icon name="gift" size="1.4rem" /> {t('title.newCustomers')}
          <Icon name="chevron-right" size="1.2rem" />
        </Link>
      </>
    );
  return (
    <GrowthPage
      tag={t('growth.newCustomerTag')}
      title={t('growth.shareHero')}
      subtitle={t('growth.shareSub')}
      art={<GiftArt />}
    >
      {body}
    </GrowthPage>
  );
}

/** /newCustomersShare?actId=…: the inviter's QR code and link, their progress and who accepted (no page view, spec §4). */
export function NewCustomersShareScreen() {
  const [params] = useSearchParams();
  const session = useSession();
  const actId = params.get('actId') ?? '';
  if (session === null)
    return (
      <GrowthPage tag={t('growth.newCustomerTag')} title={t('growth.shareHero')} art={<GiftArt />}>
        <LoginCard />
      </GrowthPage>
    );
  if (session === undefined) return <div className="gr-page" aria-busy="true" />;
  return <ShareBody actId={actId} />;
}
