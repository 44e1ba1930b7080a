import { Button, Modal } from 'antd';
import { type CampaignConflict, who } from '../../../shared/campaign/api';
import { fieldLabel } from '../../../shared/campaign/text';
import { differences } from './draft-util';

const show = (v: unknown) =>
  v === undefined ? '（无）' : v === null ? '（空）' : typeof v === 'string' ? v : JSON.stringify(v);

/** A label for a dotted draft path: `activity.prizes.2.stock` → `奖品 3 · 库存`. */
export function pathLabel(path: string): string {
  const parts = path.split('.');
  const out: string[] = [];
  for (let i = 0; i < parts.length; i++) {
    const k = parts[i] as string;
    if (k === 'activity' || k === 'page' || k === 'draft') continue;
    if (k === 'prizes' && /^\d+$/.test(parts[i + 1] ?? '')) {
      out.push(`奖品 ${Number(parts[i + 1]) + 1}`);
      i++;
      continue;
    }
    out.push(/^\d+$/.test(k) ? `第 ${Number(k) + 1} 项` : fieldLabel(k));
  }
  return out.join(' · ') || path;
}

/**
 * Someone else saved first (409): both versions side by side, field by field, and a choice — keep mine
 * (save over theirs, knowingly) or take theirs (my unsaved edits are dropped). Never a silent overwrite.
 */
export function ConflictDialog({
  conflict,
  onKeepMine,
  onTakeTheirs,
  onCancel,
  pending,
}: {
  conflict: CampaignConflict;
  onKeepMine: () => void;
  onTakeTheirs: () => void;
  onCancel: () => void;
  pending: boolean;
}) {
  const rows = differences(conflict.mine, conflict.theirs);
  return (
    <Modal
      open
      width={960}
      title="保存冲突：别人已先保存了这个草稿"
      onCancel={onCancel}
      footer={[
        <Button key="cancel" onClick={onCancel}>
          稍后决定
        </Button>,
        <Button key="theirs" onClick={onTakeTheirs}>
          放弃我的修改，载入对方版本
        </Button>,
        <Button key="mine" type="primary" danger loading={pending} onClick={onKeepMine}>
          用我的版本覆盖
        </Button>,
      ]}
    >
      <p>
        {who(conflict.theirsBy)} 保存了版本 {conflict.theirsRev}。下面是两个版本不同的字段（共 {rows.length} 处）：
      </p>
      <table className="diff-table" data-testid="conflict-table">
        <thead>
          <tr>
            <th scope="col">字段</th>
            <th scope="col">我的版本</th>
            <th scope="col">对方版本（{who(conflict.theirsBy)}）</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.path}>
              <th scope="row">{pathLabel(r.path)}</th>
              <td className="diff-after">{show(r.a)}</td>
              <td className="diff-before">{show(r.b)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Modal>
  );
}
