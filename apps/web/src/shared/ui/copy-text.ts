import { t } from '../i18n/messages';
import { showToast } from './feedback';

/** The old way, for webviews without the async clipboard or that refuse it: copy a selected, hidden textarea. */
function copyBySelection(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand('copy');
  } finally {
    area.remove();
  }
}

/**
 * Copies a code or an id and says so (已复制). The Clipboard API first; a webview without it, or one that
 * refuses it (no permission, not a secure context), gets the selection copy. `failed` is what to say when
 * neither works (default: press and hold the coupon code).
 */
export async function copyText(text: string, failed: string = t('act.copyFailed')): Promise<void> {
  let copied = false;
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      copied = true;
    }
  } catch {
    copied = false;
  }
  if (!copied) {
    try {
      copied = copyBySelection(text);
    } catch {
      copied = false;
    }
  }
  showToast(copied ? t('act.copied') : failed);
}
