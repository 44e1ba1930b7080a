import { InboxOutlined } from '@ant-design/icons';
import type { RiskImportPreview, RiskImportRow } from '@campaign/contract/client';
import { Alert, Button, Empty, Modal, Space, Table, type TableColumnsType, Tag, Typography, Upload } from 'antd';
import { formatTime } from '../../shared/format';
import { listTypeLabel } from './labels';
import { t } from './messages';
import { type ImportState, useListImport } from './use-list-import';

const ROW_COLUMNS: TableColumnsType<RiskImportRow> = [
  { title: t('risk.import.col.line'), dataIndex: 'line', width: 70 },
  { title: t('risk.list.col.type'), dataIndex: 'type', width: 90, render: listTypeLabel },
  {
    title: t('risk.list.col.value'),
    dataIndex: 'shown',
    width: 200,
    render: (v: string) => <span className="mono">{v}</span>,
  },
  { title: t('risk.list.col.reason'), dataIndex: 'reason' },
  {
    title: t('risk.list.col.expires'),
    dataIndex: 'expiresAt',
    width: 150,
    render: (at: number | null) => (at === null ? t('risk.list.forever') : formatTime(at)),
  },
  {
    title: t('risk.import.col.listed'),
    dataIndex: 'listed',
    width: 100,
    render: (listed: boolean) =>
      listed ? <Tag color="warning">{t('risk.import.listed')}</Tag> : <Tag>{t('risk.import.new')}</Tag>,
  },
];

const ERROR_COLUMNS: TableColumnsType<RiskImportPreview['errors'][number]> = [
  { title: t('risk.import.col.line'), dataIndex: 'line', width: 70 },
  { title: t('risk.import.col.problem'), dataIndex: 'message' },
];

/** The checked file: every bad line first (nothing can be submitted while one is left), then the rows to import. */
function PreviewTables({ preview }: { preview: RiskImportPreview }) {
  const renewed = preview.rows.filter((r) => r.listed).length;
  return (
    <>
      {preview.errorCount > 0 ? (
        <div className="risk-gap" role="alert" data-testid="risk-import-errors">
          <Alert
            type="error"
            showIcon
            title={t('risk.import.errorsTitle', { n: preview.errorCount })}
            description={
              preview.errorCount > preview.errors.length
                ? t('risk.import.errorsMore', { shown: preview.errors.length, n: preview.errorCount })
                : undefined
            }
          />
          <Table
            rowKey="line"
            size="small"
            columns={ERROR_COLUMNS}
            dataSource={preview.errors}
            pagination={{ pageSize: 10 }}
          />
        </div>
      ) : null}
      {preview.rows.length > 0 ? (
        <>
          <Typography.Paragraph strong>
            {t('risk.import.summary', { n: preview.rows.length, renewed })}
          </Typography.Paragraph>
          <Table
            rowKey="line"
            size="small"
            columns={ROW_COLUMNS}
            dataSource={preview.rows}
            pagination={{ pageSize: 10 }}
          />
        </>
      ) : (
        <Empty description={t('risk.import.empty')} />
      )}
    </>
  );
}

/** The body by state: the drop zone (checking shows its progress), the whole file's refusal, or the preview. */
function ImportBody({ state, check }: { state: ImportState; check: (f: File) => void }) {
  if (state.phase === 'checked') return <PreviewTables preview={state.preview} />;
  return (
    <>
      <Upload.Dragger
        accept=".csv,text/csv"
        multiple={false}
        showUploadList={false}
        disabled={state.phase === 'checking'}
        beforeUpload={(f) => {
          check(f);
          return false;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{t(state.phase === 'checking' ? 'risk.import.checking' : 'risk.import.drop')}</p>
      </Upload.Dragger>
      {state.phase === 'refused' ? (
        <Alert className="risk-gap" type="error" showIcon role="alert" title={state.error.message} />
      ) : null}
    </>
  );
}

/** 批量导入: a CSV checked line by line, previewed masked, and sent for a second person's approval. */
export function ListImportModal(props: { open: boolean; onClose: () => void; onSubmitted: (rows: number) => void }) {
  const im = useListImport(props.onSubmitted);
  const close = () => {
    im.reset();
    props.onClose();
  };
  const file = im.state.phase === 'idle' ? null : im.state.file;
  const footer = (
    <Space>
      {im.state.phase === 'checked' || im.state.phase === 'refused' ? (
        <Button onClick={im.reset}>{t('risk.import.again')}</Button>
      ) : null}
      <Button onClick={close}>{t('common.cancel')}</Button>
      <Button type="primary" disabled={!im.canSubmit} loading={im.submitting} onClick={() => void im.submit()}>
        {t('risk.import.submit')}
      </Button>
    </Space>
  );
  return (
    <Modal
      open={props.open}
      title={t('risk.import.title')}
      width={960}
      onCancel={close}
      footer={footer}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('risk.import.format')}</Typography.Paragraph>
      <Typography.Paragraph type="secondary">
        {t('risk.import.privacy')} {t('risk.import.secondPerson')}
      </Typography.Paragraph>
      {file ? <Typography.Paragraph>{t('risk.import.file', { name: file.name })}</Typography.Paragraph> : null}
      {im.submitError ? (
        <Alert className="risk-gap" type="error" showIcon role="alert" title={im.submitError.message} />
      ) : null}
      <ImportBody state={im.state} check={(f) => void im.check(f)} />
    </Modal>
  );
}
