import { chinaTime, RISK_IMPORT_MAX_BYTES, type RiskListType } from '@campaign/contract';
import { handOver } from '../../db/owners';
import { newSortableId } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import { readCsvUpload } from '../../platform/upload-read';
import type { RiskDeps } from './context';
import { checkImport, type ImportRow } from './import-check';
import type { Acting } from './save-ruleset';

const PROBLEMS_NAMED = 100;
const SAMPLES = 5;
export const LIST_TYPE_ZH: Record<RiskListType, string> = {
  phone: '手机号',
  device: '设备',
  ip: 'IP',
  invite: '邀请码',
  id_number: '身份证号',
};

/** What an approved import applies (effects: import-apply.ts): keys and masked text only, never a phone in clear. */
export interface ImportPayload {
  maker: { id: string; name: string };
  rows: { t: RiskListType; k: string; s: string; r: string; e: number | null }[];
}

/** The checker's lines: how many, of which types, new or renewed, and a few masked samples. */
function contextOf(rows: ImportRow[], encoding: string): Record<string, string> {
  const byType = new Map<RiskListType, number>();
  for (const r of rows) byType.set(r.type, (byType.get(r.type) ?? 0) + 1);
  const renewed = rows.filter((r) => r.listed).length;
  return {
    导入条数: `${rows.length} 条（新增 ${rows.length - renewed} 条，已在名单中将更新 ${renewed} 条）`,
    按类型: [...byType].map(([t, n]) => `${LIST_TYPE_ZH[t]} ${n} 条`).join('、'),
    样例: rows
      .slice(0, SAMPLES)
      .map(
        (r) =>
          `${LIST_TYPE_ZH[r.type]} ${r.shown}：${r.reason}（${r.expiresAt ? `至 ${chinaTime(r.expiresAt)}` : '长期'}）`,
      )
      .join('\n'),
    来源: `CSV 导入（${encoding === 'gbk' ? 'GBK' : 'UTF-8'}），手机号与身份证号仅存加密摘要`,
  };
}

/**
 * 批量导入 submitted: a file with any bad line is refused whole (each line named, in Chinese); a valid one becomes
 * an approvals request `risk-list-import` that a second person approves (never its maker), audited.
 */
export async function requestImport(deps: RiskDeps, acting: Acting, corpId: string, body: unknown) {
  const { text, encoding } = await readCsvUpload(body, RISK_IMPORT_MAX_BYTES);
  const { rows, errors, errorCount } = await checkImport(deps, corpId, text);
  if (errorCount > 0) {
    const named = errors.slice(0, PROBLEMS_NAMED);
    const first = named.slice(0, 3).map((e) => `第 ${e.line} 行：${e.message}`);
    throw new AppError('LIST_INVALID', `${errorCount} 处错误：${first.join('；')}`, {
      fields: Object.fromEntries(named.map((e) => [`${e.line}`, e.message])),
    });
  }
  const payload: ImportPayload = {
    maker: { id: acting.actor.id, name: acting.actor.name },
    rows: rows.map((r) => ({ t: r.type, k: r.key, s: r.shown, r: r.reason, e: r.expiresAt })),
  };
  const subject = newSortableId(deps.clock());
  const requestId = await deps.approvals.request({
    corpId,
    kind: 'risk-list-import',
    subject,
    title: `风险名单批量导入 ${rows.length} 条`,
    requestedBy: acting.actor.id,
    context: contextOf(rows, encoding),
    payload: JSON.stringify(payload),
  });
  await deps.database.db.transaction().execute((tx) =>
    deps.audit.append(handOver(tx), {
      corpId,
      at: deps.clock(),
      actor: acting.actor,
      ip: acting.ip,
      action: 'risk.list.import.request',
      subject: requestId,
      after: { rows: rows.length, encoding, samples: rows.slice(0, SAMPLES).map((r) => r.shown) },
    }),
  );
  return { requestId, rows: rows.length };
}
