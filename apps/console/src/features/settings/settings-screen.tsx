import type { ApprovalPolicy, ConsoleMe, CorpSettings } from '@campaign/contract/client';
import {
  Alert,
  message as antdMessage,
  Badge,
  Button,
  Card,
  Checkbox,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Modal,
  Skeleton,
  Space,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { useOutletContext } from 'react-router';
import { useEndpointMutation, useEndpointQuery } from '../../api/queries';
import { formatTime, yuan } from '../../shared/format';
import { t } from '../../shared/i18n';
import { LoadFailed } from '../../shared/load-failed';
import { PageHead } from '../../shared/page-head';
import './settings.css';

/** Corp settings: the approval policy (N of M), the kill switch, single sign-on. Everyone reads; admins change. */
export function SettingsScreen() {
  const me = useOutletContext<ConsoleMe>();
  const isAdmin = me.roles.includes('admin');
  const settings = useEndpointQuery('consoleSettings');
  return (
    <div className="console-page">
      <PageHead title={t('settings.title')} subtitle={t('settings.subtitle')} />
      {settings.error ? (
        <LoadFailed error={settings.error} retry={settings.refetch} />
      ) : !settings.data ? (
        <Card>
          <Skeleton active />
        </Card>
      ) : (
        <Space direction="vertical" size={20} style={{ width: '100%' }}>
          <KillSwitchCard s={settings.data} isAdmin={isAdmin} />
          <PolicyCard s={settings.data} isAdmin={isAdmin} />
          <SsoCard s={settings.data} />
        </Space>
      )}
    </div>
  );
}

function policySummary(p: ApprovalPolicy) {
  return (
    t('settings.policy.summary', { n: p.required }) +
    (p.above ? t('settings.policy.summaryAbove', { budget: yuan(p.above.budgetCents), n: p.above.required }) : '')
  );
}

function PolicyCard({ s, isAdmin }: { s: CorpSettings; isAdmin: boolean }) {
  const [message, messageHolder] = antdMessage.useMessage();
  const [required, setRequired] = useState(s.approvalPolicy.required);
  const [tiered, setTiered] = useState(s.approvalPolicy.above !== null);
  const [budgetYuan, setBudgetYuan] = useState<number | null>(
    s.approvalPolicy.above ? s.approvalPolicy.above.budgetCents / 100 : 50_000,
  );
  const [aboveRequired, setAboveRequired] = useState(
    s.approvalPolicy.above?.required ?? Math.min(2, Math.max(s.approvers, 1)),
  );
  useEffect(() => {
    setRequired(s.approvalPolicy.required);
    setTiered(s.approvalPolicy.above !== null);
  }, [s.approvalPolicy]);
  const save = useEndpointMutation('consoleSetApprovalPolicy', {
    invalidates: ['consoleSettings'],
    onSuccess: () => void message.success(t('common.saved')),
  });
  const max = Math.max(1, s.approvers);
  return (
    <Card
      title={t('settings.policy.title')}
      extra={!isAdmin ? <Typography.Text type="secondary">{t('common.readOnly')}</Typography.Text> : null}
    >
      {messageHolder}
      <Typography.Paragraph type="secondary">{t('settings.policy.desc', { m: s.approvers })}</Typography.Paragraph>
      <Typography.Paragraph strong data-testid="policy-summary">
        {policySummary(s.approvalPolicy)}
      </Typography.Paragraph>
      {s.updatedBy && s.updatedAt ? (
        <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
          {t('settings.policy.updated', { name: s.updatedBy.name, time: formatTime(s.updatedAt) })}
        </Typography.Paragraph>
      ) : null}
      {isAdmin ? (
        <Form
          layout="inline"
          className="settings-policy"
          onFinish={() =>
            save.mutate({
              body: {
                required,
                above:
                  tiered && budgetYuan ? { budgetCents: Math.round(budgetYuan * 100), required: aboveRequired } : null,
              },
            })
          }
        >
          <Form.Item label={t('settings.policy.required')} htmlFor="policy-required">
            <Space>
              <InputNumber
                id="policy-required"
                min={1}
                max={max}
                value={required}
                onChange={(v) => setRequired(v ?? 1)}
              />
              <span>{t('settings.policy.people')}</span>
            </Space>
          </Form.Item>
          <Form.Item>
            <Checkbox checked={tiered} onChange={(e) => setTiered(e.target.checked)}>
              {t('settings.policy.above')}
            </Checkbox>
          </Form.Item>
          {tiered ? (
            <>
              <Form.Item label={t('settings.policy.budget')} htmlFor="policy-budget">
                <InputNumber
                  id="policy-budget"
                  min={1}
                  step={10_000}
                  value={budgetYuan}
                  onChange={setBudgetYuan}
                  style={{ width: 160 }}
                />
              </Form.Item>
              <Form.Item label={t('settings.policy.aboveRequired')} htmlFor="policy-above">
                <InputNumber
                  id="policy-above"
                  min={1}
                  max={max}
                  value={aboveRequired}
                  onChange={(v) => setAboveRequired(v ?? 2)}
                />
              </Form.Item>
            </>
          ) : null}
          <Form.Item>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {t('common.save')}
            </Button>
          </Form.Item>
        </Form>
      ) : null}
      {save.error ? (
        <Alert type="error" showIcon title={save.error.message} style={{ marginTop: 16 }} role="alert" />
      ) : null}
    </Card>
  );
}

function KillSwitchCard({ s, isAdmin }: { s: CorpSettings; isAdmin: boolean }) {
  const [open, setOpen] = useState(false);
  const halted = s.killSwitch.halted;
  return (
    <Card title={t('settings.kill.title')} className={halted ? 'settings-kill settings-kill--halted' : 'settings-kill'}>
      <div className="settings-kill__row">
        <div>
          <Badge
            status={halted ? 'error' : 'success'}
            text={
              <strong data-testid="kill-state">
                {halted ? t('settings.kill.halted') : t('settings.kill.running')}
              </strong>
            }
          />
          {halted && s.killSwitch.by && s.killSwitch.at ? (
            <Typography.Paragraph style={{ margin: '8px 0 0' }}>
              {t('settings.kill.haltedBy', {
                name: s.killSwitch.by.name,
                time: formatTime(s.killSwitch.at),
                reason: s.killSwitch.reason ?? '',
              })}
            </Typography.Paragraph>
          ) : !halted && s.killSwitch.by && s.killSwitch.at ? (
            <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0', fontSize: 12 }}>
              {t('settings.kill.resumedBy', { name: s.killSwitch.by.name, time: formatTime(s.killSwitch.at) })}
            </Typography.Paragraph>
          ) : null}
          <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0', maxWidth: 720 }}>
            {halted ? t('settings.kill.descHalted') : t('settings.kill.desc')}
          </Typography.Paragraph>
        </div>
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

function KillSwitchModal({ open, s, onClose }: { open: boolean; s: CorpSettings; onClose: () => void }) {
  const halting = !s.killSwitch.halted;
  const [form] = Form.useForm<{ reason?: string; confirmCorpId: string }>();
  const flip = useEndpointMutation('consoleSetKillSwitch', {
    invalidates: ['consoleSettings'],
    onSuccess: () => {
      onClose();
      form.resetFields();
    },
  });
  return (
    <Modal
      open={open}
      title={
        halting
          ? t('settings.kill.stopTitle', { corp: s.corpName })
          : t('settings.kill.resumeTitle', { corp: s.corpName })
      }
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={halting ? t('settings.kill.stop') : t('settings.kill.resume')}
      okButtonProps={{ danger: halting }}
      cancelText={t('common.cancel')}
      confirmLoading={flip.isPending}
      destroyOnHidden
    >
      {halting ? <Alert type="warning" showIcon title={t('settings.kill.desc')} style={{ marginBottom: 16 }} /> : null}
      {flip.error ? (
        <Alert type="error" showIcon title={flip.error.message} style={{ marginBottom: 16 }} role="alert" />
      ) : null}
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(v) => flip.mutate({ body: { halted: halting, ...v } })}
      >
        {halting ? (
          <Form.Item name="reason" label={t('settings.kill.reason')} rules={[{ required: true, min: 2, max: 200 }]}>
            <Input.TextArea rows={2} placeholder={t('settings.kill.reasonHint')} />
          </Form.Item>
        ) : null}
        <Form.Item
          name="confirmCorpId"
          label={t('settings.kill.confirm', { corp: s.corpId })}
          rules={[
            {
              required: true,
              validator: async (_, v) => {
                if (v !== s.corpId) throw new Error(t('settings.kill.confirm', { corp: s.corpId }));
              },
            },
          ]}
        >
          <Input autoComplete="off" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function SsoCard({ s }: { s: CorpSettings }) {
  return (
    <Card title={t('settings.sso.title')}>
      <Typography.Paragraph>{s.sso ? t('settings.sso.on') : t('settings.sso.off')}</Typography.Paragraph>
      {s.sso ? (
        <Descriptions column={1} size="small" bordered style={{ maxWidth: 720, marginBottom: 12 }}>
          <Descriptions.Item label={t('settings.sso.issuer')}>{s.sso.issuer}</Descriptions.Item>
          <Descriptions.Item label={t('settings.sso.client')}>{s.sso.clientId}</Descriptions.Item>
        </Descriptions>
      ) : null}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('settings.sso.how')}
      </Typography.Text>
    </Card>
  );
}
