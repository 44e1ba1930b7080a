import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { type ApiError, call } from '../../api/request';
import { CAMPAIGN_KINDS, type CampaignKind, KEYS } from '../../shared/campaign/api';
import { KIND_HINT, KIND_LABEL } from '../../shared/campaign/text';

/** 新建活动: pick the kind (a card per kind), name it; the server makes the draft from the kind's template. */
export function CreateDialog({ onClose }: { onClose: () => void }) {
  const [kind, setKind] = useState<CampaignKind>('wheel');
  const [title, setTitle] = useState('');
  const [id, setId] = useState('');
  const navigate = useNavigate();
  const client = useQueryClient();
  const { message } = App.useApp();
  const create = useMutation<{ id: string; rev: number }, ApiError>({
    mutationFn: () =>
      call('consoleCampaignCreate', { body: { kind, title: title.trim(), ...(id.trim() ? { id: id.trim() } : {}) } }),
    onSuccess: async (r) => {
      await client.invalidateQueries({ queryKey: [KEYS.list] });
      message.success('已创建草稿');
      navigate(`/campaigns/${encodeURIComponent(r.id)}/edit`);
    },
  });
  const fieldError = (name: string) =>
    create.error?.fields?.[`body.${name}`] ?? create.error?.fields?.[name] ?? undefined;

  return (
    <Modal
      open
      title="新建活动"
      width={760}
      okText="创建草稿"
      cancelText="取消"
      onCancel={onClose}
      onOk={() => create.mutate()}
      okButtonProps={{ disabled: !title.trim(), loading: create.isPending }}
    >
      <fieldset className="kind-picker">
        <legend>活动类型</legend>
        {CAMPAIGN_KINDS.map((k) => (
          <label key={k} className={`kind-card${k === kind ? ' kind-card--on' : ''}`}>
            <input type="radio" name="kind" value={k} checked={k === kind} onChange={() => setKind(k)} />
            <span className="kind-card__name">{KIND_LABEL[k]}</span>
            <span className="kind-card__hint">{KIND_HINT[k]}</span>
          </label>
        ))}
      </fieldset>
      <Form layout="vertical" component="div">
        <Form.Item
          label="活动名称"
          htmlFor="create-title"
          required
          validateStatus={fieldError('title') ? 'error' : undefined}
          help={fieldError('title')}
        >
          <Input id="create-title" maxLength={40} value={title} onChange={(e) => setTitle(e.target.value)} />
        </Form.Item>
        <Form.Item
          label="活动编号（可选，留空自动生成）"
          htmlFor="create-id"
          validateStatus={fieldError('id') ? 'error' : undefined}
          help={fieldError('id')}
        >
          <Input id="create-id" maxLength={64} value={id} onChange={(e) => setId(e.target.value)} />
        </Form.Item>
      </Form>
      {create.error && !Object.keys(create.error.fields ?? {}).length ? (
        <p role="alert" className="form-error">
          {create.error.message}
        </p>
      ) : null}
    </Modal>
  );
}
