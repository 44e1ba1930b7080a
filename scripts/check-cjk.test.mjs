// node --test scripts/check-cjk.test.mjs (run by `npm run lint`): the CJK check flags every kind of literal
// and leaves comments, catalogues and tests alone.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { cjkLiterals, isCatalogue, isHeld } from './check-cjk.mjs';

const FIXTURES = join(import.meta.dirname, 'fixtures', 'check-cjk');
const read = (name) => readFileSync(join(FIXTURES, name), 'utf8');

test('flags string, template and JSX literals, not comments', () => {
  const found = cjkLiterals(read('literals.tsx'), 'literals.tsx').map((f) => `${f.line}:${f.text}`);
  assert.deepEqual(found, [
    '3:活动时间', // string literal
    '4:剩余次数', // template without substitutions
    '5:剩余', // template head
    '5:次', // template tail
    '6:次', // template tail after a substitution
    '7:至', // template middle
    '8:ＡＢＣ', // full-width forms
    '9:「x」', // CJK punctuation
    '12:标题', // JSX attribute (a string literal)
    '12:活动规则', // JSX text
  ]);
});

test('catalogues are named messages.ts, messages-<locale>.ts or <name>-messages.ts', () => {
  assert.equal(isCatalogue(join(FIXTURES, 'messages.ts')), true);
  for (const f of [
    'apps/web/src/shared/i18n/messages.ts',
    'apps/web/src/shared/i18n/messages-en-us.ts',
    'apps/console/src/shared/messages-zh-cn.ts',
    'apps/web/src/features/activity/model/lab-messages.ts',
  ]) {
    assert.equal(isCatalogue(f), true, f);
  }
  for (const f of ['apps/web/src/features/login/agreement.tsx', 'apps/web/src/messages.tsx', 'a/messagesx.ts']) {
    assert.equal(isCatalogue(f), false, f);
  }
});

test('only the two apps’ sources are held to it, tests are not', () => {
  assert.equal(isHeld('apps/web/src/app/routes.tsx'), true);
  assert.equal(isHeld('apps/console/src/app/layout.tsx'), true);
  assert.equal(isHeld('apps/web/src/app/router.test.tsx'), false);
  assert.equal(isHeld('apps/web/e2e/login.spec.ts'), false);
  assert.equal(isHeld('apps/server/src/modules/approvals/service.ts'), false);
  assert.equal(isHeld('apps/web/src/dev/games-preview.css'), false);
});
