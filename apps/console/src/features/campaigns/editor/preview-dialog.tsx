import { CopyOutlined } from '@ant-design/icons';
import { App, Button, Modal, Space } from 'antd';
import { formatTime } from '../../../shared/format';

/** The H5 as a customer sees the draft: a 375×812 phone frame around the preview URL, and its link to share. */
export function PreviewDialog({ url, expiresAt, onClose }: { url: string; expiresAt: number; onClose: () => void }) {
  const { message } = App.useApp();
  const absolute = new URL(url, location.origin).toString();
  return (
    <Modal open title="预览（客户看到的页面）" width={520} onCancel={onClose} footer={null}>
      <div className="phone-frame">
        <iframe title="活动预览" src={absolute} width={375} height={812} data-testid="preview-frame" />
      </div>
      <Space className="preview-link">
        <input className="mono preview-link__url" readOnly value={absolute} aria-label="预览链接" />
        <Button
          icon={<CopyOutlined />}
          onClick={() =>
            navigator.clipboard.writeText(absolute).then(
              () => message.success('预览链接已复制，可发给审批人'),
              () => message.error('复制失败：请手动选择链接复制'),
            )
          }
        >
          复制链接
        </Button>
      </Space>
      <p className="muted">预览中的抽奖不会保存任何数据。链接有效至 {formatTime(expiresAt)}。</p>
    </Modal>
  );
}
