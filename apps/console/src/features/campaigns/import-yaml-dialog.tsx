import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Input, Modal } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { type ApiError, call } from '../../api/request';
import { KEYS } from '../../shared/campaign/api';

/** The scripted path in the browser: a YAML campaign file in, line-numbered errors out. */
export function ImportYamlDialog({
  onClose,
  onImported,
  id,
}: {
  onClose: () => void;
  onImported?: () => void;
  id?: string;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState<ApiError | null>(null);
  const [pending, setPending] = useState(false);
  const navigate = useNavigate();
  const client = useQueryClient();
  const { message } = App.useApp();
  const submit = async () => {
    setPending(true);
    setError(null);
    try {
      const r = await call('consoleCampaignImportYaml', { body: { yaml: text, ...(id ? { id } : {}) } });
      await client.invalidateQueries({ queryKey: [KEYS.list] });
      await client.invalidateQueries({ queryKey: [KEYS.detail] });
      message.success('已导入');
      onImported?.();
      onClose();
      navigate(`/campaigns/${encodeURIComponent(r.id)}/edit`);
    } catch (e) {
      setError(e as ApiError);
    } finally {
      setPending(false);
    }
  };
  const problems = error ? lineProblems(error) : [];
  return (
    <Modal
      open
      title="导入 YAML"
      width={760}
      onCancel={onClose}
      footer={[
        <Button key="file" onClick={() => document.getElementById('yaml-file')?.click()}>
          选择文件…
        </Button>,
        <Button key="cancel" onClick={onClose}>
          取消
        </Button>,
        <Button key="ok" type="primary" loading={pending} disabled={!text.trim()} onClick={submit}>
          导入
        </Button>,
      ]}
    >
      <input
        id="yaml-file"
        type="file"
        accept=".yaml,.yml,text/yaml"
        hidden
        aria-label="YAML 文件"
        onChange={async (e) => {
          const f = e.target.files?.[0];
          if (f) setText(await f.text());
        }}
      />
      <label htmlFor="yaml-text" className="field-label">
        活动文件（与 <code>cli import</code> 相同的格式）
      </label>
      <Input.TextArea
        id="yaml-text"
        className="mono"
        rows={16}
        value={text}
        onChange={(e) => setText(e.target.value)}
        spellCheck={false}
      />
      {error ? (
        <div role="alert" className="line-errors" data-testid="yaml-errors">
          <strong>{error.message}</strong>
          {problems.length ? (
            <ul>
              {problems.map((p) => (
                <li key={p} className="mono">
                  {p}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </Modal>
  );
}

/** `line N: field: message` rows from the envelope's field errors (keys may be line numbers or paths). */
export function lineProblems(error: ApiError): string[] {
  return Object.entries(error.fields ?? {}).map(([k, v]) => (v.startsWith(k) ? v : `${k}: ${v}`));
}
