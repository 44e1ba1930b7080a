import { EXPORT_KINDS, type ExportKind, mayExport, UNMASK_ROLES } from '@campaign/contract/client';
import { Alert, Button, Checkbox, Form, Input, type InputProps, Radio, Select } from 'antd';
import { useState } from 'react';
import { useEndpointQuery } from '../../api/queries';
import { useEndpointForm } from '../../shared/hooks/use-endpoint-form';
import { t } from './messages';

type ExportValues = { kind: ExportKind; actId: string; format: 'csv' | 'xlsx'; unmasked: boolean; reason?: string };

const INITIAL: ExportValues = { kind: 'winners', actId: '', format: 'xlsx', unmasked: false };

const reasonRule = {
  validator: async (_: unknown, v: string | undefined) => {
    if (!v?.trim()) throw new Error(t('reports.reasonRequired'));
  },
};

/** A new export: the kinds of the user's roles, a campaign (or all), the format, and unmasked with a reason. */
export function ExportForm({ roles, onStarted }: { roles: readonly string[]; onStarted: () => void }) {
  const canUnmask = roles.some((r) => (UNMASK_ROLES as readonly string[]).includes(r));
  const campaigns = useEndpointQuery('consoleReconcileCampaigns');
  const start = useEndpointForm<'consoleExportStart', ExportValues>('consoleExportStart', {
    invalidates: ['consoleExportJobs'],
    toPayload: (v) => ({
      body: {
        kind: v.kind,
        format: v.format,
        ...(v.actId && v.kind !== 'audit' ? { actId: v.actId } : {}),
        ...(v.unmasked ? { unmasked: true, reason: v.reason?.trim() } : {}),
      },
    }),
    onSuccess: onStarted,
  });
  // The reason's error is shown by this screen's own element (its id is what the journeys and screen readers follow).
  const [reasonError, setReasonError] = useState<string>();
  const kind = Form.useWatch('kind', start.form);
  const unmasked = Form.useWatch('unmasked', start.form);
  const campaignOptions = [
    { value: '', label: t('reports.allCampaigns') },
    ...(campaigns.data?.items ?? []).map((c) => ({
      value: c.actId,
      label: t('reports.campaignOption', { title: c.title, id: c.actId }),
    })),
  ];
  return (
    <Form
      {...start.formProps}
      className="reports-form"
      initialValues={INITIAL}
      requiredMark={false}
      onFieldsChange={(_, all) => setReasonError(all.find((f) => f.name[0] === 'reason')?.errors?.[0])}
    >
      <Form.Item name="kind" label={t('reports.kind')} className="reports-field">
        <Select<ExportKind>
          aria-label={t('reports.kind')}
          // Only the kinds of the user's roles: the audit log for those who may read it (ADR 0373).
          options={EXPORT_KINDS.filter((k) => mayExport(k, roles)).map((k) => ({
            value: k,
            label: t(`reports.kinds.${k}`),
          }))}
          data-testid="export-kind"
        />
      </Form.Item>
      <Form.Item name="actId" label={t('reports.campaign')} className="reports-field">
        <Select<string>
          aria-label={t('reports.campaign')}
          disabled={kind === 'audit'}
          loading={campaigns.isLoading}
          // A corp runs many campaigns: type a name or id to find one.
          showSearch={{ optionFilterProp: 'label' }}
          options={campaignOptions}
          data-testid="export-campaign"
        />
      </Form.Item>
      <div className="reports-field" role="radiogroup" aria-label={t('reports.format')}>
        <span>{t('reports.format')}</span>
        <Form.Item name="format" noStyle>
          <Radio.Group>
            <Radio.Button value="xlsx">XLSX</Radio.Button>
            <Radio.Button value="csv">CSV</Radio.Button>
          </Radio.Group>
        </Form.Item>
      </div>
      {canUnmask ? <Unmask on={unmasked === true} error={unmasked ? reasonError : undefined} /> : null}
      <div className="reports-actions">
        <Button type="primary" htmlType="submit" loading={start.submitting} disabled={start.submitting}>
          {t('reports.start')}
        </Button>
      </div>
      {start.error ? (
        <Alert type="error" showIcon title={start.error.message} role="alert" className="reports-error" />
      ) : null}
    </Form>
  );
}

function Unmask({ on, error }: { on: boolean; error?: string }) {
  return (
    <div className="reports-unmask">
      <Form.Item name="unmasked" valuePropName="checked" noStyle>
        <Checkbox>{t('reports.unmasked')}</Checkbox>
      </Form.Item>
      <span className="muted">{t('reports.unmaskedHelp')}</span>
      {on ? (
        <div className="reports-reason">
          <label htmlFor="export-reason">{t('reports.reason')}</label>
          <Form.Item name="reason" noStyle rules={[reasonRule]}>
            <ReasonInput error={error} />
          </Form.Item>
          {error ? (
            <div id="export-reason-error" className="field-error" role="alert">
              {error}
            </div>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/** The reason's input, described by this screen's error element rather than the one antd's Form.Item names. */
function ReasonInput({ error, ...props }: InputProps & { error?: string }) {
  return (
    <Input
      {...props}
      id="export-reason"
      maxLength={200}
      placeholder={t('reports.reasonPlaceholder')}
      status={error ? 'error' : undefined}
      aria-describedby={error ? 'export-reason-error' : undefined}
    />
  );
}
