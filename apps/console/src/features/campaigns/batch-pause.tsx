import { PauseCircleOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Modal, Table, Tag } from 'antd';
import { useState } from 'react';
import { call } from '../../api/request';
import { type CampaignRow, KEYS } from '../../shared/campaign/api';
import { lt } from './list-messages';

type Result = { id: string; ok: boolean; message: string | null };

/**
 * 批量暂停: the selected campaigns, each paused through the server's pause of one (its checks, its audit
 * entry); the answer is shown per campaign, and the list reads again.
 */
export function BatchPause({ selected, onDone }: { selected: CampaignRow[]; onDone: () => void }) {
  const { modal, message } = App.useApp();
  const client = useQueryClient();
  const [results, setResults] = useState<Result[] | null>(null);
  const [busy, setBusy] = useState(false);
  const titleOf = new Map(selected.map((r) => [r.id, r.title || r.id]));
  const run = async () => {
    setBusy(true);
    try {
      const data = await call('consoleCampaignPauseMany', { body: { ids: selected.map((r) => r.id) } });
      setResults(data.results);
      onDone();
      await client.invalidateQueries({ queryKey: [KEYS.list] });
    } catch (err) {
      message.error((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const confirm = () =>
    modal.confirm({
      title: lt('campaigns.batch.pauseConfirm', { n: selected.length }),
      content: lt('campaigns.batch.pauseHint'),
      okText: lt('campaigns.batch.pauseOk'),
      onOk: run,
    });
  const ok = results?.filter((r) => r.ok).length ?? 0;
  return (
    <>
      <Button icon={<PauseCircleOutlined />} disabled={!selected.length} loading={busy} onClick={confirm}>
        {lt('campaigns.batch.pause')}
      </Button>
      <Modal
        open={results !== null}
        title={lt('campaigns.batch.result')}
        onCancel={() => setResults(null)}
        onOk={() => setResults(null)}
        cancelButtonProps={{ style: { display: 'none' } }}
        width={640}
      >
        <p>{lt('campaigns.batch.summary', { ok, failed: (results?.length ?? 0) - ok })}</p>
        <Table<Result>
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={results ?? []}
          columns={[
            { title: lt('campaigns.batch.col.campaign'), key: 'c', render: (_, r) => titleOf.get(r.id) ?? r.id },
            {
              title: lt('campaigns.batch.col.result'),
              key: 'ok',
              width: 100,
              render: (_, r) =>
                r.ok ? (
                  <Tag color="success">{lt('campaigns.batch.paused')}</Tag>
                ) : (
                  <Tag color="warning">{lt('campaigns.batch.notPaused')}</Tag>
                ),
            },
            { title: lt('campaigns.batch.col.reason'), key: 'why', render: (_, r) => r.message ?? '—' },
          ]}
        />
      </Modal>
    </>
  );
}
