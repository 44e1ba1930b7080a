import { Button, Modal, Table } from 'antd';
import { type CampaignConflict, who } from '#console/shared/campaign/api';
import { fieldLabel } from '#console/shared/campaign/campaign-messages';
import { t } from '../messages';
import { differences } from './draft-util';

type Difference = ReturnType<typeof differences>[number];

const show = (v: unknown) =>
  v === undefined
    ? t('campaigns.conflict.none')
    : v === null
      ? t('campaigns.conflict.empty')
      : typeof v === 'string'
        ? v
        : JSON.stringify(v);

/** A label for a dotted draft path: `activity.prizes.2.stock` → `奖品 3 · 库存`. */
export function pathLabel(path: string): string {
  const parts = path.split('.');
  const out: string[] = [];
  for (let i = 0; i < parts.length; i++) {
    const k = parts[i] as string;
    if (k === 'activity' || k === 'page' || k === 'draft') continue;
    if (k === 'prizes' && /^\d+$/.test(parts[i + 1] ?? '')) {
      out.push(t('campaigns.conflict.prize', { n: Number(parts[i + 1]) + 1 }));
      i++;
      continue;
    }
    out.push(/^\d+$/.test(k) ? t('campaigns.conflict.item', { n: Number(k) + 1 }) : fieldLabel(k));
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
      title={t('campaigns.conflict.title')}
      onCancel={onCancel}
      footer={[
        <Button key="cancel" onClick={onCancel}>
          {t('campaigns.conflict.later')}
        </Button>,
        <Button key="theirs" onClick={onTakeTheirs}>
          {t('campaigns.conflict.takeTheirs')}
        </Button>,
        <Button key="mine" type="primary" danger loading={pending} onClick={onKeepMine}>
          {t('campaigns.conflict.keepMine')}
        </Button>,
      ]}
    >
      <p>{t('campaigns.conflict.intro', { who: who(conflict.theirsBy), rev: conflict.theirsRev, n: rows.length })}</p>
      <div data-testid="conflict-table">
        <Table<Difference>
          className="diff-table"
          size="small"
          rowKey="path"
          pagination={false}
          dataSource={rows}
          columns={[
            {
              title: t('campaigns.conflict.field'),
              key: 'path',
              render: (_, r) => <strong>{pathLabel(r.path)}</strong>,
            },
            { title: t('campaigns.conflict.mine'), key: 'a', className: 'diff-after', render: (_, r) => show(r.a) },
            {
              title: t('campaigns.conflict.theirs', { who: who(conflict.theirsBy) }),
              key: 'b',
              className: 'diff-before',
              render: (_, r) => show(r.b),
            },
          ]}
        />
      </div>
    </Modal>
  );
}
