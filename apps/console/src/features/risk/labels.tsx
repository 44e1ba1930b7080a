import type {
  ConsoleMe,
  RiskListEntry,
  RiskListType,
  RiskMode,
  RiskRule,
  RiskRulesetSummary,
} from '@campaign/contract/client';
import { Tag, Tooltip } from 'antd';
import { TONES } from '../../shared/theme';
import { t } from './messages';

// The contract's enums as people read them. The lists are the contract's (RISK_RULE_ACTIONS, RISK_LIST_TYPES),
// restated here because their runtime values sit beside zod (ADR 0110); the Records make a new value a type error.

type Action = RiskRule['action'];

const WRITERS = ['operator', 'admin'];
/** Whether the signed-in person's roles write risk rules and lists (the server checks the same roles). */
export const writesRisk = (me: Pick<ConsoleMe, 'roles'>) => me.roles.some((r) => WRITERS.includes(r));

/** Each mode's tone: AA contrast on its background (shared/theme.ts), acting modes warmer. */
const MODE_TONE: Record<RiskMode, { color: string; background: string }> = {
  draft: TONES.slate,
  off: { color: '#52525b', background: '#f4f4f5' },
  shadow: TONES.purple,
  canary: TONES.amber,
  enforce: { color: '#166534', background: '#ecfdf3' },
};

export const modeLabel = (r: Pick<RiskRulesetSummary, 'mode' | 'canaryPct'>) =>
  t(`risk.mode.${r.mode}`, { pct: r.canaryPct ?? 0 });

/** 草稿 / 已停用 / 影子运行 / 灰度 N% / 已生效, and 待审批 while a request waits. */
export function ModeTag({ ruleset }: { ruleset: Pick<RiskRulesetSummary, 'mode' | 'canaryPct' | 'pending'> }) {
  return (
    <span className="risk-mode">
      <Tag style={MODE_TONE[ruleset.mode]} bordered={false} data-mode={ruleset.mode}>
        {modeLabel(ruleset)}
      </Tag>
      {ruleset.pending ? (
        <Tooltip title={t('risk.pending.tip')}>
          <Tag color="processing">{t('risk.pending')}</Tag>
        </Tooltip>
      ) : null}
    </span>
  );
}

const ACTION_LABEL: Record<Action, string> = {
  block: t('risk.action.block'),
  hold: t('risk.action.hold'),
  step_up: t('risk.action.step_up'),
  degrade: t('risk.action.degrade'),
};
export const actionLabel = (a: Action) => ACTION_LABEL[a];
/** Strongest first, as the server takes them. */
export const ACTION_OPTIONS = (Object.keys(ACTION_LABEL) as Action[]).map((value) => ({
  value,
  label: ACTION_LABEL[value],
}));

const LIST_TYPE_LABEL: Record<RiskListType, string> = {
  phone: t('risk.list.type.phone'),
  device: t('risk.list.type.device'),
  ip: t('risk.list.type.ip'),
  invite: t('risk.list.type.invite'),
  id_number: t('risk.list.type.id_number'),
};
export const LIST_TYPES = Object.keys(LIST_TYPE_LABEL) as RiskListType[];
export const listTypeLabel = (type: RiskListType) => LIST_TYPE_LABEL[type];
export const LIST_TYPE_OPTIONS = LIST_TYPES.map((value) => ({ value, label: LIST_TYPE_LABEL[value] }));
export const isListType = (v: string | undefined): v is RiskListType => LIST_TYPES.includes(v as RiskListType);

const SOURCE_LABEL: Record<RiskListEntry['source'], string> = {
  manual: t('risk.list.source.manual'),
  rule: t('risk.list.source.rule'),
  import: t('risk.list.source.import'),
};
export const sourceLabel = (s: RiskListEntry['source']) => SOURCE_LABEL[s];

/** The first 12 characters name a version to a person; the whole hash is in the tooltip (the verify page's). */
export function ShortHash({ hash }: { hash: string }) {
  return (
    <Tooltip title={hash}>
      <span className="mono">{hash.slice(0, 12)}</span>
    </Tooltip>
  );
}
