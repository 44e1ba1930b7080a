import { FileTextOutlined } from '@ant-design/icons';
import { fieldLabel } from '@campaign/contract/client';
import { useQueryClient } from '@tanstack/react-query';
import { Modal, Typography } from 'antd';
import { useState } from 'react';
import { type ApiError, upload } from '../../api/request';
import { FilePick } from '../../shared/file-pick';
import { t } from './messages';

/** `2:name` → 第 2 行 名称：…; the file's own problems (`1:header`) read the same way. */
export function importProblems(error: ApiError): string[] {
  return Object.entries(error.fields ?? {}).map(([where, message]) => {
    const [line = '', field = ''] = where.split(':');
    return t('stores.import.line', { line, field: fieldLabel(field), message });
  });
}

/** Stores from a CSV file (UTF-8 or GBK): all of it, or nothing and every problem by line. */
export function ImportStoresModal({
  open,
  onClose,
  onDone,
}: {
  open: boolean;
  onClose: () => void;
  onDone: (text: string) => void;
}) {
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<ApiError | null>(null);
  const send = async (f: File) => {
    setBusy(true);
    setFailed(null);
    try {
      const r = await upload('consoleStoresImport', new Blob([f], { type: 'text/csv' }));
      await client.invalidateQueries({ queryKey: ['consoleStores'] });
      onDone(t('stores.import.done', { n: r.stores, encoding: r.encoding === 'gbk' ? 'GBK' : 'UTF-8' }));
    } catch (e) {
      setFailed(e as ApiError);
    } finally {
      setBusy(false);
    }
  };
  const problems = failed ? importProblems(failed) : [];
  return (
    <Modal open={open} title={t('stores.import.title')} onCancel={onClose} footer={null} destroyOnHidden>
      <Typography.Paragraph type="secondary">{t('stores.import.hint')}</Typography.Paragraph>
      <FilePick
        accept=".csv,text/csv"
        label={t('stores.import.file')}
        testId="stores-csv-file"
        icon={<FileTextOutlined />}
        busy={busy}
        send={(f) => void send(f)}
      >
        {t('stores.import.pick')}
      </FilePick>
      {failed ? (
        <div className="line-errors" role="alert" data-testid="stores-csv-errors">
          <strong>{failed.message}</strong>
          {problems.length ? (
            <ul>
              {problems.slice(0, 50).map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </Modal>
  );
}
