import type { Definition } from '../campaign-file/definition';
import { own } from '../db/owners';
import { getStaff } from '../modules/staff/repo';
import { parseRoles } from '../platform/session';
import type { Services } from '../services';

/**
 * A new rules version of an activity proposed by an operator (docs/decisions/0322-rules-change-approval.md):
 * the activity of that id is taken from the campaign file, checked as a publication would be, and waits as
 * an approval request of kind 'rules-change' until a second person approves it (then it is published).
 */
export async function proposeRules(
  services: Pick<Services, 'base' | 'publishing' | 'approvals'>,
  def: Definition,
  actId: string,
  staffId: string,
): Promise<{ ok: true; requestId: string; title: string } | { ok: false; error: string }> {
  const act = def.activities.find((a) => a.id === actId);
  if (!act) return { ok: false, error: `the file has no activity ${actId}` };
  const member = await getStaff(own('staff', services.base.database.db), act.corp, staffId);
  if (!member || !parseRoles(member.roles).includes('operator')) {
    return { ok: false, error: `${staffId} is not an operator on the staff list of ${act.corp}` };
  }
  const { title, context } = await services.publishing.describeRulesChange(act);
  const requestId = await services.approvals.request({
    corpId: act.corp,
    kind: 'rules-change',
    subject: act.id,
    title,
    requestedBy: staffId,
    context,
    payload: JSON.stringify(act),
  });
  return { ok: true, requestId, title };
}
