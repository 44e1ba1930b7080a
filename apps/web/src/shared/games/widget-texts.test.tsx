import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadLocale } from '../i18n/load-locale';
import { setLocale } from '../i18n/messages';
import { BlindBox } from './blind-box';
import { PrizeWheel } from './prize-wheel';
import { mount, unmountAll } from './test-utils';
import { useSpinController } from './use-spin-controller';

const DIR = dirname(fileURLToPath(import.meta.url));
const CJK = /[\u3400-\u9fff\uff00-\uffef]/;

afterEach(() => {
  unmountAll();
  setLocale('zh-CN');
  vi.unstubAllGlobals();
});

/** Source without comments: what a widget shows can only come from code, not from a comment. */
function code(file: string): string {
  return readFileSync(join(DIR, file), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

describe('game widgets', () => {
  it('carry no Chinese text of their own: every visible text and label comes from the catalogue or props', () => {
    const widgets = readdirSync(DIR).filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$|test-utils/.test(f));
    expect(widgets).toEqual(expect.arrayContaining(['blind-box.tsx', 'grid-draw.tsx', 'prize-wheel.tsx']));
    for (const file of widgets) expect(code(file), file).not.toMatch(CJK);
  });

  it('speak the user language once it is loaded (defaults from the catalogue)', async () => {
    await loadLocale('en-US');
    setLocale('en-US');
    function Wheel() {
      const spin = useSpinController({});
      return <PrizeWheel segments={[{ id: 1, name: 'Coupon' }]} controller={spin} />;
    }
    const wheel = mount(<Wheel />);
    expect(wheel.querySelector('[aria-label="Lucky wheel"]')).not.toBeNull();
    expect(wheel.textContent).toContain('Spin');
    const boxes = mount(<BlindBox count={2} />);
    expect(boxes.querySelector('button')?.getAttribute('aria-label')).toBe('Box 1');
  });
});
