import type { Locale } from '@campaign/contract/client';
import { enUS } from './messages-en-us';
import { zhCN } from './messages-zh-cn';

// The console's message catalogue: zh-CN is the default, en-US the second language (the same two the
// server answers errors in). One key per user-facing text; a missing English entry falls back to Chinese.

export type MessageKey = keyof typeof zhCN;
const catalogues: Record<Locale, Partial<Record<MessageKey, string>>> = { 'zh-CN': zhCN, 'en-US': enUS };

/** `?lang=en-US` (kept for the session), else the browser's language, else Chinese. */
function pickLocale(): Locale {
  const asked = new URLSearchParams(location.search).get('lang') ?? sessionStorage.getItem('console.lang');
  if (asked === 'en-US' || asked === 'zh-CN') {
    sessionStorage.setItem('console.lang', asked);
    return asked;
  }
  return navigator.language.toLowerCase().startsWith('en') ? 'en-US' : 'zh-CN';
}

export const locale: Locale = typeof location === 'undefined' ? 'zh-CN' : pickLocale();

/**
 * The text of a key, with `{name}` placeholders filled. A key neither catalogue has (one built from server
 * data, such as an audit action no screen knows yet) comes back as itself, never as a crash.
 */
export function t(key: MessageKey, vars: Record<string, string | number> = {}): string {
  const text: string = catalogues[locale][key] ?? zhCN[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m));
}
