import type { RiskRulesetSummary } from '@campaign/contract/client';
import { Button, Popconfirm, Space, Tooltip } from 'antd';
import { Link } from 'react-router';
import { t } from './messages';

/** What a person may do with a version: by its mode, and whether their roles write (operator, admin). */
export type RulesetAction = 'edit' | 'view' | 'copy' | 'shadow' | 'off' | 'canary' | 'enforce' | 'report';

const WRITER_ACTIONS: Record<RiskRulesetSummary['mode'], RulesetAction[]> = {
  // A draft has not run: it is edited, then run in shadow (which locks it); there is no report yet.
  draft: ['edit', 'shadow', 'copy'],
  off: ['shadow', 'report', 'view', 'copy'],
  // Acting (canary, enforce) only through a request a second person approves; switching off never waits.
  shadow: ['canary', 'enforce', 'off', 'report', 'view', 'copy'],
  canary: ['canary', 'enforce', 'off', 'report', 'view', 'copy'],
  enforce: ['off', 'report', 'view', 'copy'],
};

export function actionsFor(mode: RiskRulesetSummary['mode'], canWrite: boolean): RulesetAction[] {
  if (canWrite) return WRITER_ACTIONS[mode];
  return mode === 'draft' ? ['view'] : ['report', 'view'];
}

export interface RulesetHandlers {
  canWrite: boolean;
  setMode: (r: RiskRulesetSummary, mode: 'off' | 'shadow') => void;
  request: (r: RiskRulesetSummary, mode: 'canary' | 'enforce') => void;
  /** The version whose mode change is on its way (its buttons wait). */
  busy: string | null;
}

const PATHS: Partial<Record<RulesetAction, (id: string) => string>> = {
  edit: (id) => `/risk/rulesets/${encodeURIComponent(id)}`,
  view: (id) => `/risk/rulesets/${encodeURIComponent(id)}`,
  copy: (id) => `/risk/rulesets/new?from=${encodeURIComponent(id)}`,
  report: (id) => `/risk/rulesets/${encodeURIComponent(id)}/report`,
};

/** One version's actions: links to its pages, mode changes behind a confirm, requests through their dialog. */
export function RulesetActions({ r, on }: { r: RiskRulesetSummary; on: RulesetHandlers }) {
  const label = (a: RulesetAction) => t(`risk.do.${a}`);
  const aria = (a: RulesetAction) => t('risk.do.of', { action: label(a), version: r.version });
  const button = (a: RulesetAction) => {
    const to = PATHS[a];
    if (to)
      return (
        <Link key={a} to={to(r.id)} aria-label={aria(a)} className="risk-action">
          {label(a)}
        </Link>
      );
    if (a === 'off' || a === 'shadow')
      return (
        <Popconfirm
          key={a}
          title={t(`risk.confirm.${a}`)}
          okText={label(a)}
          cancelText={t('common.cancel')}
          okButtonProps={{ danger: a === 'off' }}
          onConfirm={() => on.setMode(r, a)}
        >
          <Button type="link" size="small" danger={a === 'off'} aria-label={aria(a)} loading={on.busy === r.id}>
            {label(a)}
          </Button>
        </Popconfirm>
      );
    const req = a as 'canary' | 'enforce';
    const blocked = r.pending;
    return (
      <Tooltip key={a} title={blocked ? t('risk.pendingBlocked') : undefined}>
        <Button type="link" size="small" aria-label={aria(a)} disabled={blocked} onClick={() => on.request(r, req)}>
          {label(a)}
        </Button>
      </Tooltip>
    );
  };
  return (
    <Space size={[8, 0]} wrap>
      {actionsFor(r.mode, on.canWrite).map(button)}
    </Space>
  );
}
