import type { RiskRule } from '@campaign/contract';
import { Environment } from '@marcbachmann/cel-js';
import { FEATURES, type Features } from './features';

/**
 * Rules are CEL expressions (a maintained evaluator, @marcbachmann/cel-js; no eval, no language of our own),
 * type-checked against the feature catalogue and compiled once when a version is saved or loaded.
 */
const env = (() => {
  let e = new Environment({ limits: { maxAstNodes: 400, maxDepth: 40, maxListElements: 200 } });
  for (const [group, fields] of Object.entries(FEATURES)) {
    const schema = Object.fromEntries(Object.entries(fields).map(([k, [type]]) => [k, type]));
    e = e.registerVariable({ name: group, schema });
  }
  return e;
})();

export interface CompiledRule extends RiskRule {
  test(ctx: CelContext): boolean;
}
export type CelContext = Record<string, Record<string, bigint | boolean | string>>;

/** The rule's problem in Chinese, or null when it compiles to a boolean. */
export function problemOf(expr: string): string | null {
  try {
    const parsed = env.parse(expr);
    const checked = parsed.check();
    if (!checked.valid) return explain(checked.error?.message ?? '');
    if (checked.type !== 'bool') return '规则表达式须得出“是/否”（例如 device.accounts_1d >= 3）';
    return null;
  } catch (err) {
    return explain(err instanceof Error ? err.message : String(err), true);
  }
}

function explain(message: string, syntax = false): string {
  const first = message.split('\n')[0] ?? '';
  const key = /No such key: (\w+)/.exec(first);
  if (key) return `未知的特征：${key[1]}（可用特征见右侧列表）`;
  const unknown = /Unknown variable: (\w+)/i.exec(first);
  if (unknown) return `未知的特征组：${unknown[1]}`;
  return syntax ? `表达式语法有误：${first}` : `表达式类型不匹配：${first}`;
}

/** Compiles a version's rules (each already checked by problemOf when it was saved). */
export function compile(rules: readonly RiskRule[]): CompiledRule[] {
  return rules.map((r) => {
    const fn = env.parse(r.expr);
    return {
      ...r,
      test: (ctx) => {
        try {
          return fn(ctx) === true;
        } catch {
          // A rule that cannot be evaluated on these features (e.g. a division by zero) does not match.
          return false;
        }
      },
    };
  });
}

/**
 * Each group's variable on its own: evaluated on a plain context, it answers the evaluator's typed object for
 * that group. The evaluator makes that object from a plain one for every expression it runs; made once per
 * decision and handed to all of its rules, it halves the time 200 rules take (bench:risk).
 */
const typed = Object.keys(FEATURES).map((group) => [group, env.parse(group)] as const);

/** The features as CEL sees them: counts as ints (a plain loop: a replay makes one per stored decision). */
export function celContext(f: Features): CelContext {
  const plain: CelContext = {};
  for (const group in f) {
    const fields = f[group as keyof Features] as Record<string, number | boolean | string>;
    const g: Record<string, bigint | boolean | string> = {};
    for (const k in fields) {
      const v = fields[k] as number | boolean | string;
      g[k] = typeof v === 'number' ? BigInt(Math.trunc(v)) : v;
    }
    plain[group] = g;
  }
  const out: CelContext = {};
  // A stored decision from before a group existed has none: a rule reading it does not match (as before).
  for (const [group, read] of typed) if (plain[group]) out[group] = read(plain) as CelContext[string];
  return out;
}
