import { readFileSync } from 'node:fs';
import { maskMobile } from '@campaign/contract';
import { parseDefinition } from '../campaign-file/definition';
import { own } from '../db/owners';
import * as authRepo from '../modules/auth/repo';
import type { Services } from '../services';
import { seedAward } from './demo-award';
import { proposeRules } from './propose-rules';
import { DEMO_FILE } from './seed';

/** The demo walk's customer (demo.yaml) and the ¥4,999 phone of wheel-spring, above demo's ¥1,000 threshold. */
const HELD = { corpId: 'demo', nuid: 'demo-vip-001', actId: 'wheel-spring', drawId: 'demo-seed-phone' } as const;

/**
 * What /oatodo shows on a fresh demo (docs/decisions/0321-approvals.md): the demo customer's phone held for
 * approval (审核中 in their prize list), and a rules change of wheel-spring proposed by operator-chen
 * (v2: one more line of rules, the 5-yuan coupon weighted up). Each only once.
 */
export async function seedDemoApprovals(services: Services, now: number) {
  const db = services.base.database.db;
  const seeded = { heldPrize: false, rulesChange: false };
  const user = await authRepo.findUser(own('auth', db), HELD.corpId, { nuid: HELD.nuid });
  const act = await services.activity.load(HELD.corpId, HELD.actId);
  if (user && !(await services.prizes.awardOfDraw(HELD.corpId, HELD.drawId))) {
    // The phone's one unit is taken: nobody can draw it again while it is held (a decline gives it back).
    const held = await seedAward(services, {
      corpId: HELD.corpId,
      userId: user.id,
      actId: HELD.actId,
      drawId: HELD.drawId,
      prize: { id: 'phone', name: '智能手机', kind: 'physical', points: null, valueCents: 499900 },
      now,
      // As the draw shows it to the approver (modules/draw/service.ts).
      shown: { activityTitle: act?.row.title, customer: maskMobile(user.mobile) || undefined },
    });
    seeded.heldPrize = held !== null;
  }
  const waiting = await db
    .selectFrom('approval_request')
    .select('id')
    .where('corp_id', '=', HELD.corpId)
    .where('kind', '=', 'rules-change')
    .where('subject', '=', HELD.actId)
    .executeTakeFirst();
  if (!waiting) {
    const demo = parseDefinition(readFileSync(DEMO_FILE, 'utf8'), 'demo.yaml', now);
    const live = demo.activities.find((a) => a.id === HELD.actId);
    if (live) {
      const v2 = {
        ...live,
        rules: `${live.rules}<p>新增：活动期间每周五 5 元立减券中奖概率提升。</p>`,
        prizes: live.prizes.map((p) => (p.id === 'cpn-5' ? { ...p, weight: p.weight + 40 } : p)),
      };
      const r = await proposeRules(services, { ...demo, activities: [v2] }, HELD.actId, 'operator-chen');
      seeded.rulesChange = r.ok;
    }
  }
  return seeded;
}
