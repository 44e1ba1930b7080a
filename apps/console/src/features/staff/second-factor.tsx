import { Alert, Button, Descriptions, Modal, Typography } from 'antd';
import { grouped, manualEntry, qrImageSource } from '../../shared/totp-key';
import { t } from './messages';

/** A new password and/or second factor, shown once for the admin to hand over in person. */
export function SecondFactorModal(props: {
  open: boolean;
  title: string;
  password?: string;
  login?: string | null;
  otpauthUri: string;
  qrSvg: string;
  onClose: () => void;
}) {
  const qr = qrImageSource(props.qrSvg);
  const manual = manualEntry(props.otpauthUri);
  return (
    <Modal
      open={props.open}
      title={props.title}
      onCancel={props.onClose}
      footer={
        <Button type="primary" onClick={props.onClose}>
          {t('common.close')}
        </Button>
      }
      width={660}
      maskClosable={false}
    >
      <Alert type="warning" showIcon title={t('staff.created.body')} style={{ marginBottom: 16 }} />
      <Descriptions column={1} size="small" bordered>
        {props.login ? <Descriptions.Item label={t('staff.form.login')}>{props.login}</Descriptions.Item> : null}
        {props.password ? (
          <Descriptions.Item label={t('staff.created.password')}>
            <Typography.Text code copyable={{ text: props.password }} data-testid="first-password">
              {props.password}
            </Typography.Text>
          </Descriptions.Item>
        ) : null}
      </Descriptions>
      <div style={{ display: 'flex', gap: 20, alignItems: 'center', marginTop: 16 }}>
        <img
          src={qr}
          alt="otpauth QR"
          width={168}
          height={168}
          style={{ border: '1px solid #eef0f3', borderRadius: 6, flex: 'none' }}
        />
        <div>
          <Typography.Paragraph style={{ marginBottom: 8 }}>{t('staff.created.scan')}</Typography.Paragraph>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 4, fontSize: 12 }}>
            {t('staff.created.manual')}
          </Typography.Paragraph>
          <Descriptions column={1} size="small" bordered styles={{ label: { whiteSpace: 'nowrap' } }}>
            <Descriptions.Item label={t('staff.created.account')}>{manual.account}</Descriptions.Item>
            <Descriptions.Item label={t('staff.created.key')}>
              <Typography.Text
                code
                copyable={{ text: manual.key }}
                data-testid="setup-key"
                style={{ whiteSpace: 'nowrap' }}
              >
                {grouped(manual.key)}
              </Typography.Text>
            </Descriptions.Item>
          </Descriptions>
        </div>
      </div>
    </Modal>
  );
}
