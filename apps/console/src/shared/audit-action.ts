import { type MessageKey, t } from './i18n';

/** An audit action's name (the audit log, a campaign's history); an action from a later module is shown as it is. */
export function actionLabel(action: string): string {
  const key = `action.${action}` as MessageKey;
  const text = t(key);
  return text === key ? action : text;
}
