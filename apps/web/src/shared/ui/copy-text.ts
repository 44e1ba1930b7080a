import { t } from '../i18n/messages';
import { showToast } from './feedback';

/** Copies a coupon code; falls back to a selection copy in webviews without the async clipboard. */
export async function copyText(text: string): Promise<void> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
    } else {
      const area = document.createElement('textarea');
      area.value = text;
      area.setAttribute('readonly', '');
      area.style.position = 'fixed';
      area.style.opacity = '0';
      document.body.appendChild(area);
      area.select();
      document.execCommand('copy');
      area.remove();
    }
    showToast(t('act.copied'));
  } catch {
    showToast(t('act.copyFailed'));
  }
}
