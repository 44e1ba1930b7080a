import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * No English and no raw keys on a Chinese screen (issue 21 §4): every zh-CN string of the shared catalogue and
 * of each feature's messages.ts is scanned for Latin words. Allowed: the host App, QR codes, the fairness
 * algorithm's names, brand names and units. (e2e/touch-copy.spec.ts scans the rendered screens the same way.)
 */
const ALLOWED = new Set(['App', 'QR', 'HMAC', 'SHA', 'VIP', 'ID', 'km', 'm', 'kg', 'KiB']);

const SRC = join(import.meta.dirname, '..', '..');

function zhBlock(file: string): string {
  const text = readFileSync(file, 'utf8');
  const start = text.indexOf('const zhCN = {');
  if (start < 0) return '';
  return text.slice(start, text.indexOf('\n}', start) + 2);
}

function catalogues(): string[] {
  const features = readdirSync(join(SRC, 'features'), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => join(SRC, 'features', d.name, 'messages.ts'))
    .filter((f) => {
      try {
        readFileSync(f);
        return true;
      } catch {
        return false;
      }
    });
  return [join(SRC, 'shared', 'i18n', 'messages.ts'), ...features];
}

/** Latin words in a zh-CN message; placeholders ({n}) count as digits, so "{n}s" is a unit, not a word. */
export function latinWords(message: string): string[] {
  const text = message.replace(/\{\w+\}/g, '0');
  return [...text.matchAll(/(?<![0-9A-Za-z])[A-Za-z]+(?![0-9A-Za-z])/g)]
    .map((m) => m[0])
    .filter((w) => !ALLOWED.has(w));
}

describe('zh-CN catalogue', () => {
  it('finds English words and keeps allowed ones', () => {
    expect(latinWords('去玩 GO')).toEqual(['GO']);
    expect(latinWords('{seconds}s 后重发')).toEqual([]);
    expect(latinWords('打开 App 扫描 QR 码')).toEqual([]);
  });

  it('has no Latin words outside the allow-list', () => {
    const found: string[] = [];
    for (const file of catalogues()) {
      for (const m of zhBlock(file).matchAll(/^\s*'([\w.-]+)':\s*\n?\s*'((?:[^'\\]|\\.)*)'/gm)) {
        const words = latinWords(m[2] ?? '');
        if (words.length > 0) found.push(`${file.slice(SRC.length + 1)} ${m[1]}: ${words.join(', ')}`);
      }
    }
    expect(found).toEqual([]);
  });
});
