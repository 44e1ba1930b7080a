import type { CorpSettings } from '@campaign/contract/client';
import { Alert, Badge, Button, Card, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { formatTime } from '../../shared/format';
import { useEndpointForm } from '../../shared/hooks/use-endpoint-form';
import { t } from './messages';

function KillSwitchState({ s }: { s: CorpSettings }) {
  const { halted, by, at, reason } = s.killSwitch;
  return (
    <div>
      <Badge
        status={halted ? 'error' : 'success'}
        text={
          <strong data-testid="kill-state">{halted ? t('settings.kill.halted') : t('settings.kill.running')}</strong>
        }
      />
      {halted && by && at ? (
        <Typography.Paragraph style={{ margin: '8px 0 0' }}>
          {t('halt.by', { name: by.name, time: formatTime(at), reason: reason ?? '' })}
        </Typography.Paragraph>
      ) : !halted && by && at ? (
        <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0', fontSize: 12 }}>
          {t('settings.kill.resumedBy', { name: by.name, time: formatTime(at) })}
        </Typography.Paragraph>
      ) : null}
      <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0', maxWidth: 720 }}>
        {halted ? t('settings.kill.descHalted') : t('settings.kill.desc')}
      </Typography.Paragraph>
    </div>
  );
}

export function KillSwitchCard({ s, isAdmin }: { s: CorpSettings; isAdmin: boolean }) {
  const [open, setOpen] = useState(false);
  const halted = s.killSwitch.halted;
  return (
    <Card title={t('settings.kill.title')} className={halted ? 'settings-kill settings-kill--halted' : 'settings-kill'}>
      <div className="settings-kill__row">
        <KillSwitchState s={s} />
        {isAdmin ? (
          <Button
            danger={!halted}
            type="primary"
            onClick={() => setOpen(true)}
            className={halted ? '' : 'settings-kill__stop'}
          >
            {halted ? t('settings.kill.resume') : t('settings.kill.stop')}
          </Button>
        ) : (
          <Typography.Text type="secondary">{t('common.readOnly')}</Typography.Text>
        )}
      </div>
      <KillSwitchModal open={open} s={s} onClose={() => setOpen(false)} />
    </Card>
  );
}

type KillValues = { reason?: string; confirmCorpId: string };

function KillSwitchModal({ open, s, onClose }: { open: boolean; s: CorpSettings; onClose: () => void }) {
  const halting = !s.killSwitch.halted;
  const flip = useEndpointForm<'consoleSetKillSwitch', KillValues>('consoleSetKillSwitch', {
    invalidates: ['consoleSettings'],
    toPayload: (v) => ({ body: { halted: halting, ...v } }),
    onSuccess: () => {
      onClose();
      flip.form.resetFields();
    },
  });
  const confirm = t('settings.kill.confirm', { corp: s.corpId });
  const sameCorp = async (_: unknown, v: unknown) => {
    if (v !== s.corpId) throw new Error(confirm);
  };
  return (
    <Modal
      open={open}
      title={t(halting ? 'settings.kill.stopTitle' : 'settings.kill.resumeTitle', { corp: s.corpName })}
      onCancel={onClose}
      onOk={flip.submit}
      okText={halting ? t('settings.kill.stop') : t('settings.kill.resume')}
      okButtonProps={{ danger: halting }}
      cancelText={t('common.cancel')}
      confirmLoading={flip.submitting}
      destroyOnHidden
    >
      {halting ? <Alert type="warning" showIcon title={t('settings.kill.desc')} style={{ marginBottom: 16 }} /> : null}
      {flip.error ? (
        <Alert type="error" showIcon title={flip.error.message} style={{ marginBottom: 16 }} role="alert" />
      ) : null}
      <Form {...flip.formProps} requiredMark={false}>
        {halting ? (
          <Form.Item name="reason" label={t('settings.kill.reason')} rules={[{ required: true, min: 2, max: 200 }]}>
            <Input.TextArea rows={2} placeholder={t('settings.kill.reasonHint')} />
          </Form.Item>
        ) : null}
        <Form.Item name="confirmCorpId" label={confirm} rules={[{ required: true, validator: sameCorp }]}>
          <Input autoComplete="off" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
