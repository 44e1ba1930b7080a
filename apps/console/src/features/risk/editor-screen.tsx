import { ArrowLeftOutlined } from '@ant-design/icons';
import type { ConsoleMe, RiskRule, RiskRulesetDetail } from '@campaign/contract/client';
import { Alert, App, Button, Form, Input, Skeleton, Space } from 'antd';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate, useOutletContext, useParams, useSearchParams } from 'react-router';
import { useEndpointQuery } from '../../api/queries';
import { useEndpointForm } from '../../shared/hooks/use-endpoint-form';
import { LoadFailed } from '../../shared/load-failed';
import { PageHead } from '../../shared/page-head';
import { Panel } from '../../shared/panel';
import { FeaturePanel } from './feature-panel';
import { ModeTag, writesRisk } from './labels';
import { t } from './messages';
import { EMPTY_RULE, RuleRows } from './rule-rows';
import './risk.css';

type Values = { name: string; note?: string; rules: RiskRule[] };

/** A refused save's fields that name no rule's input (`rules`: none or too many) show under the list. */
const listLevel = (fields: Readonly<Record<string, string>>) =>
  Object.entries(fields).find(([path]) => /^(body\.)?rules$/.test(path))?.[1] ?? null;

function titleOf(saved: RiskRulesetDetail | null, base: RiskRulesetDetail | null, readOnly: boolean) {
  if (saved) return t(readOnly ? 'risk.editor.view' : 'risk.editor.edit', { name: saved.name, version: saved.version });
  return base ? t('risk.editor.copy', { version: base.version }) : t('risk.editor.new');
}

/**
 * /risk/rulesets/:id: a version's rules, edited while it is a draft and read once it has run. `new` starts a
 * draft, from `?from=<id>` when given (saved with `basedOn`, never over the base).
 */
export function RulesetEditorScreen() {
  const { id = 'new' } = useParams();
  const [params] = useSearchParams();
  const from = id === 'new' ? params.get('from') : null;
  const source = id === 'new' ? from : id;
  const detail = useEndpointQuery('riskRuleset', { query: { id: source ?? '' } }, { enabled: !!source });
  const catalogue = useEndpointQuery('riskRulesets');
  const back = (
    <Link to="/risk">
      <ArrowLeftOutlined /> {t('risk.editor.back')}
    </Link>
  );
  if (detail.error) {
    return (
      <div className="console-page risk-page">
        <PageHead title={t('risk.editor.new')} extra={back} />
        <LoadFailed error={detail.error} retry={detail.refetch} />
      </div>
    );
  }
  if (source && !detail.data) {
    return (
      <div className="console-page risk-page" aria-busy="true">
        <Skeleton active />
      </div>
    );
  }
  const loaded = detail.data ?? null;
  return (
    <App component={false}>
      <EditorBody
        key={`${id}-${source}`}
        saved={id === 'new' ? null : loaded}
        base={id === 'new' ? loaded : null}
        features={catalogue.data?.features ?? []}
        back={back}
      />
    </App>
  );
}

const NAME_RULES = [
  { required: true, whitespace: true, message: t('risk.editor.required', { field: t('risk.editor.name') }) },
];

/** The save: over the draft (`id`), or a new draft (from `basedOn`); a refusal's fields land on their rows. */
function useRulesetSave(saved: RiskRulesetDetail | null, base: RiskRulesetDetail | null) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [listError, setListError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<{ message: string; n: number } | null>(null);
  const save = useEndpointForm<'riskRulesetSave', Values>('riskRulesetSave', {
    invalidates: ['riskRulesets', 'riskRuleset'],
    toPayload: (v) => ({
      body: {
        ...(saved ? { id: saved.id } : {}),
        ...(base ? { basedOn: base.id } : {}),
        name: v.name,
        note: v.note ?? '',
        rules: v.rules,
      },
    }),
    onSuccess: (r) => {
      setRefusal(null);
      setListError(null);
      void message.success(t('risk.editor.saved', { name: r.name, version: r.version }));
      if (!saved) void navigate(`/risk/rulesets/${encodeURIComponent(r.id)}`, { replace: true });
    },
    onRefused: (e) => {
      const n = Object.keys(e.fields).length;
      setListError(listLevel(e.fields));
      setRefusal(n ? { message: e.message, n } : null);
      return false;
    },
  });
  return { save, listError, refusal };
}

function Notices(props: { locked: boolean; readOnly: boolean; refusal: string | null; error: string | null }) {
  const alert = (type: 'info' | 'error', title: string) => (
    <Alert className="risk-gap" type={type} showIcon role={type === 'error' ? 'alert' : undefined} title={title} />
  );
  return (
    <>
      {props.readOnly ? alert('info', t(props.locked ? 'risk.editor.locked' : 'risk.editor.readOnly')) : null}
      {props.refusal ? alert('error', props.refusal) : null}
      {props.error ? alert('error', props.error) : null}
    </>
  );
}

function EditorBody(props: {
  saved: RiskRulesetDetail | null;
  base: RiskRulesetDetail | null;
  features: Parameters<typeof FeaturePanel>[0]['features'];
  back: ReactNode;
}) {
  const { saved, base } = props;
  const me = useOutletContext<ConsoleMe>();
  const locked = saved !== null && saved.mode !== 'draft';
  const canWrite = writesRisk(me);
  const readOnly = locked || !canWrite;
  const { save, listError, refusal } = useRulesetSave(saved, base);
  const count: number = Form.useWatch('rules', save.form)?.length ?? 0;
  const from = saved ?? base;
  const initial: Values = from
    ? { name: from.name, note: from.note, rules: from.rules }
    : { name: '', note: '', rules: [{ ...EMPTY_RULE }] };
  const copy = saved && canWrite ? `/risk/rulesets/new?from=${encodeURIComponent(saved.id)}` : null;
  const actions = !readOnly ? (
    <Button type="primary" onClick={save.submit} loading={save.submitting}>
      {t('risk.editor.save')}
    </Button>
  ) : copy ? (
    <Link to={copy}>{t('risk.do.copy')}</Link>
  ) : null;
  return (
    <div className="console-page risk-page">
      <PageHead
        title={titleOf(saved, base, readOnly)}
        extra={
          <Space size={16}>
            {props.back}
            {actions}
          </Space>
        }
      />
      {saved ? (
        <div className="risk-gap">
          <ModeTag ruleset={saved} />
        </div>
      ) : null}
      <Notices
        locked={locked}
        readOnly={readOnly}
        refusal={refusal ? t('risk.editor.refused', { message: refusal.message, n: refusal.n }) : null}
        error={save.error?.message ?? null}
      />
      <div className="risk-editor">
        <Form {...save.formProps} disabled={readOnly || save.submitting} initialValues={initial}>
          <Panel>
            <Form.Item name="name" label={t('risk.editor.name')} rules={NAME_RULES}>
              <Input autoComplete="off" maxLength={40} />
            </Form.Item>
            <Form.Item name="note" label={t('risk.editor.note')}>
              <Input.TextArea rows={2} maxLength={500} placeholder={t('risk.editor.notePlaceholder')} />
            </Form.Item>
          </Panel>
          <Panel title={t('risk.editor.rules', { n: count || initial.rules.length })}>
            <p className="muted risk-small">{t('risk.editor.rulesHint')}</p>
            <RuleRows readOnly={readOnly} listError={listError} />
          </Panel>
        </Form>
        <FeaturePanel features={props.features} />
      </div>
    </div>
  );
}
