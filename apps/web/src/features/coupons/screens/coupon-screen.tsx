import { type ReactNode, useState } from 'react';
import { useEndpointQuery } from '#web/api/endpoint-query';
import { isExpired } from '#web/api/query-client';
import { useSession } from '#web/api/session';
import { formatDate } from '#web/shared/lib/format-date';
import { imageUrl } from '#web/shared/lib/image-url';
import { yuan } from '#web/shared/lib/money';
import { Link, useLocation, useNavigate, useSearchParams } from '#web/shared/navigation/navigation';
import { loginPath, PRIZES_PATH } from '#web/shared/navigation/paths';
import { copyText } from '#web/shared/ui/copy-text';
import { Icon } from '#web/shared/ui/icon';
import { PillTabs } from '#web/shared/ui/pill-tabs';
import { SubLoading, SubPage, SubState } from '#web/shared/ui/sub-page';
import { TicketDetail } from '../components/ticket-detail';
import { type MessageKey, t } from '../messages';
import { COUPON_TABS, type Coupon, type CouponTab, daysUntil, groupCode, tabFrom } from '../model/coupon-view';
import './coupons.css';

const TAB_LABEL: Record<CouponTab, MessageKey> = {
  unused: 'coupon.state.unused',
  used: 'coupon.state.used',
  expired: 'coupon.state.expired',
  pending: 'coupon.state.pending',
  declined: 'coupon.state.declined',
  goods: 'coupon.goods',
};
const KIND_LABEL = {
  coupon: 'coupon.kind.coupon',
  physical: 'coupon.kind.physical',
  points: 'coupon.kind.points',
} as const satisfies Record<string, MessageKey>;

function CouponCard({ coupon, onOpen }: { coupon: Coupon; onOpen: (id: string) => void }) {
  const days = daysUntil(coupon.validUntil, Date.now());
  return (
    <li className={`coupon is-${coupon.state}`} data-testid="coupon-card" data-state={coupon.state}>
      <div className="coupon__stub">
        {coupon.valueCents > 0 ? (
          <span className="coupon__value">{yuan(coupon.valueCents)}</span>
        ) : (
          <img src={imageUrl(coupon.image)} alt="" />
        )}
        <span className="coupon__kind">{t('coupon.ticket')}</span>
      </div>
      <div className="coupon__main">
        <h3 className="coupon__name">{coupon.prizeName}</h3>
        <p className="coupon__meta">{coupon.activityTitle}</p>
        <button type="button" className="coupon__code" onClick={() => void copyText(coupon.code)}>
          <code>{groupCode(coupon.code)}</code>
          <span>{t('act.copy')}</span>
        </button>
        <p className="coupon__valid">
          {coupon.state === 'used' && coupon.usedAt
            ? t('coupon.usedAt', { at: formatDate(coupon.usedAt, 'YYYY-MM-DD') })
            : coupon.validUntil
              ? t('coupon.validUntil', { at: formatDate(coupon.validUntil, 'YYYY-MM-DD') })
              : t('coupon.noEnd')}
          {coupon.state === 'unused' && days !== null && days <= 3 ? (
            <em className="coupon__soon">{t('coupon.daysLeft', { n: days })}</em>
          ) : null}
        </p>
      </div>
      <button
        type="button"
        className="coupon__open"
        onClick={() => onOpen(coupon.couponId)}
        aria-description={t('coupon.openLabel', { name: coupon.prizeName })}
      >
        {coupon.state === 'unused' ? t('coupon.show') : t('coupon.view')}
      </button>
      {coupon.state !== 'unused' ? (
        <span className="coupon__stamp">
          {coupon.state === 'used' && coupon.usedChannel === 'store'
            ? t('coupon.redeemed')
            : t(`coupon.state.${coupon.state}`)}
        </span>
      ) : null}
    </li>
  );
}

function GoodsTab({ inline }: { inline: boolean }) {
  const goods = useEndpointQuery('recentGoodsType', { body: {} }, { meta: { quiet: true } });
  if (goods.isPending) return <SubLoading rows={2} />;
  if (goods.isError)
    return <LoadFailed inline={inline} detail={goods.error.detail} retry={() => void goods.refetch()} />;
  if (goods.data.types.length === 0) {
    return <SubState icon="gift" title={t('coupon.goodsEmpty')} desc={t('coupon.goodsEmptyDesc')} />;
  }
  return (
    <ul className="goods-list" data-testid="goods-list">
      {goods.data.types.map((g) => (
        <li key={g.kind} className={`goods-chip is-${g.kind}`}>
          <Icon name={g.kind === 'physical' ? 'gift' : g.kind === 'points' ? 'vip' : 'hot'} size="2rem" />
          <b>{t(KIND_LABEL[g.kind])}</b>
          <span>{t('coupon.goodsCount', { n: g.count })}</span>
          <small>{t('coupon.goodsLast', { at: formatDate(g.lastAt, 'MM-DD HH:mm') })}</small>
        </li>
      ))}
    </ul>
  );
}

function LoadFailed({ inline, detail, retry }: { inline: boolean; detail: string; retry: () => void }) {
  return (
    <SubState
      icon="empty"
      title={t('sub.loadFailed')}
      desc={inline ? detail : t('coupon.retryDesc')}
      testId="coupon-failed"
    >
      <button type="button" className="btn btn-ghost" onClick={retry}>
        {t('act.retry')}
      </button>
    </SubState>
  );
}

function CouponIndex({ inline }: { inline: boolean }) {
  const [params] = useSearchParams();
  const [tab, setTab] = useState<CouponTab>(tabFrom(params.get('tab')));
  // `?open=<couponId>` (from 我的奖品 or the win dialog) opens that ticket's code and QR at once.
  const [open, setOpen] = useState<string | null>(params.get('open'));
  const state = tab === 'goods' ? undefined : tab;
  // Counts come with every answer; the unused list is read first so the tab counters show at once.
  const info = useEndpointQuery('couponInfo', { query: { state: state ?? 'unused' } }, { meta: { quiet: true } });
  const counts = info.data?.counts;
  let content: ReactNode;
  if (tab === 'goods') content = <GoodsTab inline={inline} />;
  else if (info.isPending) content = <SubLoading rows={3} />;
  else if (info.isError)
    content = <LoadFailed inline={inline} detail={info.error.detail} retry={() => void info.refetch()} />;
  else if (info.data.list.length === 0)
    content = (
      <SubState icon="empty" title={t(`coupon.empty.${tab}`)} desc={t('coupon.emptyDesc')} testId="coupon-empty">
        <Link className="btn btn-ghost" to="/activityPark">
          {t('prizes.goPlay')}
        </Link>
      </SubState>
    );
  else
    content = (
      <ul className="sub-list coupon-list" data-testid="coupon-list">
        {info.data.list.map((c) => (
          <CouponCard key={c.couponId} coupon={c} onOpen={setOpen} />
        ))}
      </ul>
    );
  return (
    <>
      <PillTabs
        tabs={COUPON_TABS.map((x) => ({
          key: x,
          label: t(TAB_LABEL[x]),
          count: x !== 'goods' && counts ? counts[x] : undefined,
        }))}
        value={tab}
        onChange={setTab}
        label={t('coupon.title')}
        panelId="coupon-panel"
      />
      <div role="tabpanel" id="coupon-panel">
        {content}
      </div>
      <TicketDetail couponId={open} onClose={() => setOpen(null)} inline={inline} />
    </>
  );
}

/** /coupon: the customer's coupons and tickets by state, each with its code and QR; the goods tab. */
export function CouponScreen() {
  const navigate = useNavigate();
  const location = useLocation();
  const session = useSession();
  if (session === null) {
    return (
      <SubPage title={t('coupon.title')} fallback={PRIZES_PATH}>
        <SubState icon="lock" title={t('coupon.loginTitle')} desc={t('coupon.loginDesc')}>
          <button type="button" className="sub-cta" onClick={() => navigate(loginPath(location), { replace: true })}>
            {t('login.submit')}
          </button>
        </SubState>
      </SubPage>
    );
  }
  return (
    <SubPage title={t('coupon.title')} subtitle={t('coupon.sub')} fallback={PRIZES_PATH}>
      {session === undefined ? <SubLoading rows={3} /> : <CouponIndex inline={false} />}
    </SubPage>
  );
}

/**
 * /wechatCoupon: the same index in the chat-platform browser. Identity is the open id (the navigation
 * guard exchanges `?code=` for it); no failure is ever toasted here (spec §8) — each shows in place.
 */
export function WechatCouponScreen() {
  const session = useSession();
  const probe = useEndpointQuery(
    'couponInfo',
    { query: { state: 'unused' } },
    {
      meta: { quiet: true },
      enabled: session !== null && session !== undefined,
    },
  );
  let body: ReactNode;
  if (session === undefined) body = <SubLoading rows={3} />;
  else if (session === null || isExpired(probe.error))
    body = (
      <SubState
        icon="lock"
        title={t('coupon.wechatLogin')}
        desc={t('coupon.wechatLoginDesc')}
        testId="wechat-identity"
      />
    );
  else body = <CouponIndex inline />;
  return (
    <SubPage title={t('coupon.title')} subtitle={t('coupon.wechatSub')} fallback="/wechatCoupon" className="is-wechat">
      {body}
    </SubPage>
  );
}
