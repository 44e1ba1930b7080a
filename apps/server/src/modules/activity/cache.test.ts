import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDefinition } from '../../campaign-file/definition';
import { applyDefinition } from '../../campaign-file/import';
import { depsOf, moduleDatabase } from '../../platform/services';
import { activityYaml } from '../../testing/campaign';
import { startTestApp, type TestApp } from '../../testing/harness';
import type { DrawRulesPort } from './ports';
import { createActivityService } from './service';

/** The activity definitions a draw reads are cached for a second outside tests (modules/activity/loaded.ts). */
describe('the activity cache', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
    const yaml = activityYaml('cached', {
      prizes:
        '      - { id: thanks, name: 谢谢, kind: thanks, image: /prizes/thanks.svg, weight: 1, consolation: true }',
    });
    await applyDefinition(
      t.database.db,
      t.services.publishing,
      parseDefinition(yaml, 'c.yaml', t.clock.now),
      t.clock.now,
    );
  });
  afterAll(async () => t?.close());

  it('when the cached copy has expired, the requests that arrive together share one read of it', async () => {
    let reads = 0;
    const counter: KyselyPlugin = {
      transformQuery: (args) => {
        const node = args.node as { kind: string; from?: { froms: { table?: { identifier?: { name: string } } }[] } };
        if (node.kind === 'SelectQueryNode' && node.from?.froms[0]?.table?.identifier?.name === 'activity') reads++;
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const { catalogue: activity } = createActivityService({
      ...depsOf('activity', t.services.base),
      config: { ...t.services.base.config, env: 'development' },
      database: moduleDatabase('activity', { ...t.database, sqlite: null, db: t.database.db.withPlugin(counter) }),
      // Loading never consults the draw's rules (publication does).
      drawRules: {} as DrawRulesPort,
      halts: { halted: async () => false },
      whiteLists: { onList: async () => false },
    });
    const load = () => Promise.all(Array.from({ length: 20 }, () => activity.load('demo', 'cached')));
    expect((await load()).every((a) => a?.row.id === 'cached')).toBe(true);
    expect(reads).toBe(1);
    // Within the second: from the cache.
    await load();
    expect(reads).toBe(1);
    // Expired: 20 at once, one read.
    t.clock.advance(1_001);
    await load();
    expect(reads).toBe(2);
  });
});
