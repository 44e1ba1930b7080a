import type { Locale } from '@campaign/contract/client';
import { MESSAGES } from './messages';

/**
 * Fetches a second language's table (its own chunk) into MESSAGES. Apart from messages.ts, which the
 * en-US table imports its key type from: no import cycle.
 */
export async function loadLocale(locale: Locale): Promise<void> {
  if (MESSAGES[locale]) return;
  if (locale === 'en-US') MESSAGES['en-US'] = (await import('./messages-en-us')).enUS;
}
