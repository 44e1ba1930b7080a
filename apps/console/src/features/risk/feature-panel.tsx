import type { RouteData } from '@campaign/contract/client';
import { Typography } from 'antd';
import { Panel } from '../../shared/panel';
import { t } from './messages';

type Feature = RouteData<'riskRulesets'>['features'][number];

const TYPES: Readonly<Record<string, string>> = {
  int: t('risk.feature.type.int'),
  uint: t('risk.feature.type.uint'),
  double: t('risk.feature.type.double'),
  bool: t('risk.feature.type.bool'),
  string: t('risk.feature.type.string'),
};

/** Expressions are code, not prose: shown as written, each with what it means. */
const EXAMPLES = [
  { expr: 'device.accounts_1d >= 3', means: t('risk.editor.example1') },
  { expr: 'phone.virtual && customer.age_min < 60', means: t('risk.editor.example2') },
  { expr: 'listed.device || listed.phone', means: t('risk.editor.example3') },
];

/** Beside the rules: the features an expression can read (name, type, what it counts) and a few examples. */
export function FeaturePanel({ features }: { features: readonly Feature[] }) {
  return (
    <div>
      <Panel title={t('risk.editor.features')}>
        <Typography.Paragraph type="secondary" className="risk-small">
          {t('risk.editor.featuresHint')}
        </Typography.Paragraph>
        {features.length ? (
          <ul className="risk-features" aria-label={t('risk.editor.features')}>
            {features.map((f) => (
              <li key={f.name}>
                <span className="risk-feature__name">{f.name}</span>
                <span className="risk-feature__type">{TYPES[f.type] ?? f.type}</span>
                <div>{f.label}</div>
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">{t('risk.editor.featuresNone')}</p>
        )}
      </Panel>
      <Panel title={t('risk.editor.examples')}>
        {EXAMPLES.map((e) => (
          <div key={e.expr}>
            <code className="risk-example">{e.expr}</code>
            <span className="muted risk-small">{e.means}</span>
          </div>
        ))}
      </Panel>
    </div>
  );
}
