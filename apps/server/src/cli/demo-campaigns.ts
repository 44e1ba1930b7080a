import type { CampaignDraft, CampaignKind } from '@campaign/contract';
import type { Acting } from '../modules/campaigns/service';
import type { Corp } from '../platform/tenancy';
import type { Services } from '../services';

// Console campaigns of the demo corp in different states, so 活动管理 and 待我审批 show content on a first
// start (demo mode only: main.ts seeds them into an empty database, never under NODE_ENV=production).

const CORP = { id: 'demo', name: '演示银行' } as Corp;
const who = (id: string, name: string, role: string): Acting => ({
  actor: { id, name, roles: [role] },
  ip: null,
  locale: 'zh-CN',
});
const OPERATOR = who('operator-chen', '陈运营', 'operator');
const APPROVER = who('approver-wang', '王审批', 'approver');

const HOUR = 3600_000;

interface Plan {
  id: string;
  kind: CampaignKind;
  title: string;
  /** How far it goes: saved, submitted, sent back, approved (live when it starts in the past). */
  to: 'draft' | 'submitted' | 'changes_requested' | 'approved';
  startIn?: number;
}

export const DEMO_CAMPAIGNS: readonly Plan[] = [
  { id: 'console-summer-wheel', kind: 'wheel', title: '夏日幸运大转盘', to: 'approved', startIn: -HOUR },
  { id: 'console-autumn-grid', kind: 'grid', title: '金秋九宫格', to: 'approved', startIn: 7 * 24 * HOUR },
  { id: 'console-card-scratch', kind: 'scratch', title: '信用卡刮刮乐', to: 'submitted' },
  { id: 'console-new-customer', kind: 'newCustomer', title: '新客开户礼', to: 'changes_requested' },
  { id: 'console-pay-discount', kind: 'discount', title: '扫码支付立减', to: 'draft' },
];

/** Seeds the demo console campaigns; a campaign that exists is left as it is. Returns how many were made. */
export async function seedDemoCampaigns(services: Pick<Services, 'campaigns'>, now: number): Promise<number> {
  const { lifecycle, reads } = services.campaigns;
  let made = 0;
  for (const p of DEMO_CAMPAIGNS) {
    try {
      await reads.detail(CORP, p.id);
      continue;
    } catch {
      // not there yet
    }
    const { rev } = await lifecycle.create(OPERATOR, CORP, { kind: p.kind, title: p.title, id: p.id });
    const { draft } = await reads.detail(CORP, p.id);
    if (p.startIn !== undefined) shift(draft, now + p.startIn);
    const saved = await lifecycle.save(OPERATOR, CORP, { id: p.id, draft, baseRev: rev });
    made++;
    if (p.to === 'draft') continue;
    await lifecycle.submit(OPERATOR, CORP, { id: p.id, rev: saved.rev });
    if (p.to === 'submitted') continue;
    await lifecycle.review(APPROVER, CORP, {
      id: p.id,
      rev: saved.rev,
      decision: p.to === 'approved' ? 'approve' : 'request_changes',
      comment: p.to === 'approved' ? '' : '邀请上限请改为每日 3 人',
    });
  }
  return made;
}

function shift(draft: CampaignDraft, startsAt: number) {
  const section = draft.activity ?? draft.discount;
  if (!section) return;
  section.startsAt = startsAt;
  section.endsAt = startsAt + 30 * 24 * HOUR;
}
