import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, Select, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { ACTION_OPTIONS } from './labels';
import { t } from './messages';

/** The contract's rule id (riskRuleSchema): lowercase, a letter first, 2–40 characters. */
const RULE_ID = /^[a-z][a-z0-9_]{1,39}$/;

const required = (field: string): Rule => ({
  required: true,
  whitespace: true,
  message: t('risk.editor.required', { field }),
});
const ID_RULES: Rule[] = [
  required(t('risk.editor.ruleId')),
  { pattern: RULE_ID, message: t('risk.editor.ruleIdPattern') },
];

export const EMPTY_RULE = { id: '', name: '', expr: '', action: 'block' as const };

/**
 * The ruleset's rules, one row each: 规则编号, 规则名称, 动作, and the expression beneath in monospace. Each
 * input sits at `rules.<i>.<field>`, where the server's refusal (`body.rules.0.expr`) puts its message.
 */
export function RuleRows({ readOnly, listError }: { readOnly: boolean; listError: string | null }) {
  return (
    <Form.List name="rules">
      {(fields, { add, remove }) => (
        <>
          {fields.map((field, i) => {
            const n = i + 1;
            const label = (name: string) => `${t('risk.editor.rule', { n })} ${name}`;
            return (
              <fieldset key={field.key} className="risk-rule" data-testid={`rule-${i}`}>
                <legend className="risk-sr-only">{t('risk.editor.rule', { n })}</legend>
                <Form.Item
                  name={[field.name, 'id']}
                  label={t('risk.editor.ruleId')}
                  rules={ID_RULES}
                  normalize={(v: string) => v.toLowerCase()}
                >
                  <Input aria-label={label(t('risk.editor.ruleId'))} autoComplete="off" className="mono" />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'name']}
                  label={t('risk.editor.ruleName')}
                  rules={[required(t('risk.editor.ruleName'))]}
                >
                  <Input aria-label={label(t('risk.editor.ruleName'))} autoComplete="off" maxLength={40} />
                </Form.Item>
                <Form.Item name={[field.name, 'action']} label={t('risk.editor.action')}>
                  <Select aria-label={label(t('risk.editor.action'))} options={ACTION_OPTIONS} />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'expr']}
                  label={t('risk.editor.expr')}
                  className="risk-rule__expr"
                  rules={[required(t('risk.editor.expr'))]}
                >
                  <Input.TextArea
                    aria-label={label(t('risk.editor.expr'))}
                    className="risk-expr"
                    autoSize={{ minRows: 2, maxRows: 8 }}
                    spellCheck={false}
                    maxLength={1000}
                  />
                </Form.Item>
                {readOnly ? null : (
                  <Button
                    className="risk-rule__remove"
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('risk.editor.remove', { n })}
                    disabled={fields.length === 1}
                    onClick={() => remove(field.name)}
                  />
                )}
              </fieldset>
            );
          })}
          {listError ? (
            <Typography.Text type="danger" role="alert">
              {listError}
            </Typography.Text>
          ) : null}
          {readOnly ? null : (
            <Button type="dashed" block icon={<PlusOutlined />} onClick={() => add({ ...EMPTY_RULE })}>
              {t('risk.editor.add')}
            </Button>
          )}
        </>
      )}
    </Form.List>
  );
}
