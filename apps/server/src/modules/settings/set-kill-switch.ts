import type { CorpSettings } from '@campaign/contract';
import { handOver } from '../../db/owners';
import { AppError } from '../../platform/errors';
import { type Corp, campaignsHaltState, setCampaignsHalted } from '../../platform/tenancy';
import type { Acting, SettingsDeps } from './deps';
import { getSettings } from './get-settings';

/**
 * The kill switch: on, every draw, offer claim and task of the corp is refused as paused within about a
 * second on every node (each reads the switch at most once a second; this node forgets its copy now).
 */
export async function setKillSwitch(
  deps: SettingsDeps,
  acting: Acting,
  corp: Corp,
  input: { halted: boolean; reason?: string; confirmCorpId: string },
): Promise<CorpSettings> {
  const db = deps.database.db;
  const reason = input.reason?.trim() ?? '';
  if (input.confirmCorpId !== corp.id || (input.halted && reason.length < 2)) {
    throw new AppError('CONSOLE_KILL_SWITCH_CONFIRM');
  }
  const before = await campaignsHaltState(db, corp.id);
  if (before && before.halted === input.halted) return getSettings(deps, corp);
  const now = deps.clock();
  const next = input.halted
    ? { halted: true, reason, at: now, by: acting.actor.id }
    : { halted: false, reason: null, at: now, by: acting.actor.id };
  await db.transaction().execute(async (tx) => {
    await setCampaignsHalted(tx, corp.id, next);
    await deps.audit.append(handOver(tx), {
      corpId: corp.id,
      at: now,
      actor: acting.actor,
      ip: acting.ip,
      action: 'settings.kill-switch',
      subject: corp.id,
      before: { halted: before?.halted ?? false, reason: before?.reason ?? null },
      after: { halted: next.halted, reason: next.reason },
    });
  });
  deps.halts.forget(corp.id);
  return getSettings(deps, corp);
}
