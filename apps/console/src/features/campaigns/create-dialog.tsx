import { App, Form, Input, Modal } from 'antd';
import { useNavigate } from 'react-router';
import { CAMPAIGN_KINDS, type CampaignKind, KEYS } from '../../shared/campaign/api';
import { KIND_HINT, KIND_LABEL } from '../../shared/campaign/campaign-messages';
import { useEndpointForm } from '../../shared/hooks/use-endpoint-form';
import { t } from './messages';

type CreateValues = { kind: CampaignKind; title: string; id?: string };

/** A card per kind, as radio buttons (a Form control: `value` and `onChange`). */
function KindPicker({ value, onChange }: { value?: CampaignKind; onChange?: (k: CampaignKind) => void }) {
  return (
    <fieldset className="kind-picker">
      <legend>{t('campaigns.create.kind')}</legend>
      {CAMPAIGN_KINDS.map((k) => (
        <label key={k} className={`kind-card${k === value ? ' kind-card--on' : ''}`}>
          <input type="radio" name="kind" value={k} checked={k === value} onChange={() => onChange?.(k)} />
          <span className="kind-card__name">{KIND_LABEL[k]}</span>
          <span className="kind-card__hint">{KIND_HINT[k]}</span>
        </label>
      ))}
    </fieldset>
  );
}

/** 新建活动: pick the kind (a card per kind), name it; the server makes the draft from the kind's template. */
export function CreateDialog({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const { form, formProps, rules, error, submitting, submit } = useEndpointForm('consoleCampaignCreate', {
    toPayload: (v: CreateValues) => ({
      body: { kind: v.kind, title: v.title.trim(), ...(v.id?.trim() ? { id: v.id.trim() } : {}) },
    }),
    invalidates: [KEYS.list],
    onSuccess: (r) => {
      message.success(t('campaigns.create.done'));
      navigate(`/campaigns/${encodeURIComponent(r.id)}/edit`);
    },
  });
  const title = Form.useWatch('title', form) as string | undefined;

  return (
    <Modal
      open
      title={t('campaigns.create.title')}
      width={760}
      okText={t('campaigns.create.ok')}
      cancelText={t('common.cancel')}
      onCancel={onClose}
      onOk={submit}
      okButtonProps={{ disabled: !title?.trim(), loading: submitting }}
    >
      <Form {...formProps} name="campaign-create" initialValues={{ kind: 'wheel' }}>
        <Form.Item name="kind" noStyle>
          <KindPicker />
        </Form.Item>
        <Form.Item name="title" label={t('campaigns.create.name')} rules={rules('title')}>
          <Input maxLength={40} />
        </Form.Item>
        <Form.Item name="id" label={t('campaigns.create.id')} rules={rules('id')}>
          <Input maxLength={64} />
        </Form.Item>
      </Form>
      {error ? (
        <p role="alert" className="form-error">
          {error.message}
        </p>
      ) : null}
    </Modal>
  );
}
