import { App, Button, Form, Input, Modal } from 'antd';
import { useNavigate } from 'react-router';
import type { ApiError } from '../../api/request';
import { KEYS } from '../../shared/campaign/api';
import { useEndpointForm } from '../../shared/hooks/use-endpoint-form';
import { t } from './messages';

/** `line N: field: message` rows from the envelope's field errors (keys may be line numbers or paths). */
export function lineProblems(error: ApiError): string[] {
  return Object.entries(error.fields ?? {}).map(([k, v]) => (v.startsWith(k) ? v : `${k}: ${v}`));
}

/** The refusal and its line-numbered problems. */
function YamlErrors({ error }: { error: ApiError }) {
  const problems = lineProblems(error);
  return (
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
  );
}

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
  const navigate = useNavigate();
  const { message } = App.useApp();
  const { form, formProps, error, submitting, submit } = useEndpointForm('consoleCampaignImportYaml', {
    toPayload: (v: { yaml: string }) => ({ body: { yaml: v.yaml, ...(id ? { id } : {}) } }),
    invalidates: [KEYS.list, KEYS.detail],
    // Its errors name lines, not inputs: all of them show in the list under the text.
    fieldName: () => null,
    onSuccess: (r) => {
      message.success(t('campaigns.import.done'));
      onImported?.();
      onClose();
      navigate(`/campaigns/${encodeURIComponent(r.id)}/edit`);
    },
  });
  const text = Form.useWatch('yaml', form) as string | undefined;
  const footer = [
    <Button key="file" onClick={() => document.getElementById('yaml-file')?.click()}>
      {t('campaigns.import.pick')}
    </Button>,
    <Button key="cancel" onClick={onClose}>
      {t('common.cancel')}
    </Button>,
    <Button key="ok" type="primary" loading={submitting} disabled={!text?.trim()} onClick={submit}>
      {t('campaigns.import.ok')}
    </Button>,
  ];
  const [before, after] = t('campaigns.import.text').split('{cli}');
  return (
    <Modal open title={t('campaigns.import.title')} width={760} onCancel={onClose} footer={footer}>
      <input
        id="yaml-file"
        type="file"
        accept=".yaml,.yml,text/yaml"
        hidden
        aria-label={t('campaigns.import.file')}
        onChange={async (e) => {
          const f = e.target.files?.[0];
          if (f) form.setFieldValue('yaml', await f.text());
        }}
      />
      <Form {...formProps} name="import-yaml">
        <Form.Item
          name="yaml"
          label={
            <>
              {before}
              <code>cli import</code>
              {after}
            </>
          }
        >
          <Input.TextArea className="mono" rows={16} spellCheck={false} />
        </Form.Item>
      </Form>
      {error ? <YamlErrors error={error} /> : null}
    </Modal>
  );
}
