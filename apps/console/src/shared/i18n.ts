import type { Locale } from '@campaign/contract/client';
import { zhCN } from './messages-zh-cn';

/*
 * The console's one i18n mechanism (docs/decisions/0375-console-client-hooks-i18n.md). Follow it for every screen:
 *
 * - Chinese only: the console's staff read Chinese; there is no second catalogue (the English one is dropped,
 *   a half-translated screen is worse than none). Requests still say `accept-language: zh-CN`.
 * - The shell's texts (app, nav, roles, common.*, request.*, audit action names) live in
 *   shared/messages-zh-cn.ts and are read with `t` from this module.
 * - A feature's texts live in features/<feature>/messages.ts, keys prefixed by the feature
 *   (`campaigns.list.title`), declared once:
 *
 *     export const messages = { 'campaigns.list.title': '活动管理', … } as const;
 *     export const t = catalogue(messages);  // the feature's typed t: its keys and the shell's
 *
 *   and the feature's files import `t` from './messages' (or '../messages'). The catalogue stays in the
 *   feature's chunk (lazy routes load it with the screen), and a feature never reads another's keys.
 * - Placeholders are `{name}`: `t('common.total', { n: 3 })`. A text that is not a fixed sentence (a server
 *   message, a user's input) is never put through `t`.
 * - No Chinese literal in a .ts/.tsx file outside the messages files: the CJK lint refuses it.
 */

export type MessageKey = keyof typeof zhCN;
type Vars = Record<string, string | number>;

/** The console speaks Chinese (see above); the value is what the server is asked to answer in. */
export const locale: Locale = 'zh-CN';

function fill(text: string, vars: Vars): string {
  return text.replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m));
}

/**
 * A typed `t` over the shell's catalogue and a feature's own. A key neither has (one built from server
 * data, such as an audit action no screen knows yet) comes back as itself, never as a crash.
 */
export function catalogue<K extends string>(own: Readonly<Record<K, string>>) {
  const all: Readonly<Record<string, string>> = { ...zhCN, ...own };
  return (key: K | MessageKey, vars: Vars = {}): string => fill(all[key] ?? key, vars);
}

/** The shell's `t` (no feature catalogue). */
export const t: (key: MessageKey, vars?: Vars) => string = catalogue({});
