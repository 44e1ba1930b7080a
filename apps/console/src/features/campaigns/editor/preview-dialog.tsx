import { CopyOutlined } from '@ant-design/icons';
import { App, Button, Modal, Space } from 'antd';
import { formatTime } from '#console/shared/format';
import { t } from '../messages';

/** The H5 as a customer sees the draft: a 375×812 phone frame around the preview URL, and its link to share. */
export function PreviewDialog({ url, expiresAt, onClose }: { url: string; expiresAt: number; onClose: () => void }) {
  const { message } = App.useApp();
  const absolute = new URL(url, location.origin).toString();
  return (
    <Modal open title={t('campaigns.preview.title')} width={520} onCancel={onClose} footer={null}>
      <div className="phone-frame">
        <iframe
          title={t('campaigns.preview.frame')}
          src={absolute}
          width={375}
          height={812}
          data-testid="preview-frame"
        />
      </div>
      <Space className="preview-link">
        <input className="mono preview-link__url" readOnly value={absolute} aria-label={t('campaigns.preview.link')} />
        <Button
          icon={<CopyOutlined />}
          onClick={() =>
            navigator.clipboard.writeText(absolute).then(
              () => message.success(t('campaigns.preview.copied')),
              () => message.error(t('campaigns.preview.copyFailed')),
            )
          }
        >
          {t('campaigns.preview.copy')}
        </Button>
      </Space>
      <p className="muted">{t('campaigns.preview.note', { time: formatTime(expiresAt) })}</p>
    </Modal>
  );
}
