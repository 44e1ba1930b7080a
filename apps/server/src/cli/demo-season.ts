import { readFileSync } from 'node:fs';
import { parseDefinition } from '../campaign-file/definition';
import { own } from '../db/owners';
import * as authRepo from '../modules/auth/repo';
import { newId } from '../platform/crypto';
import { mulberry32 } from '../platform/seeded-random';
import type { Services } from '../services';
import { DEMO_FILE } from './seed';

const DAY = 86_400_000;

/** A small deterministic generator (mulberry32): the same demo leaderboard on every seed. */
export const rng = mulberry32;

/**
 * Demo seasons (demo.yaml `seasons[].demoParticipants`): that many customers who earned their points through
 * the ledger on the season's past days, like real ones (signing in, visiting, drawing), so the leaderboard
 * looks real. An ended season is then settled. Only once per season (its first seeded customer exists), and
 * only on the demo path (`seed`, the demo start), which production refuses.
 */
export async function seedDemoSeasons(services: Services, now: number): Promise<number> {
  const def = parseDefinition(readFileSync(DEMO_FILE, 'utf8'), 'demo.yaml', now);
  const db = services.base.database.db;
  let seeded = 0;
  for (const s of def.seasons.filter((x) => x.demoParticipants > 0)) {
    const act = def.activities.find((a) => a.corp === s.corp && a.id === s.act);
    if (!act) continue;
    if (await authRepo.findUser(own('auth', db), s.corp, { nuid: `${s.act}-demo-0` })) continue;
    const random = rng(s.act.length * 7919 + s.demoParticipants);
    const until = Math.min(now, act.endsAt - 60_000);
    const days = Math.max(1, Math.floor((until - act.startsAt) / DAY));
    for (let i = 0; i < s.demoParticipants; i++) {
      const mobile = `13${(5 + (i % 5)).toString()}${String(Math.floor(random() * 1e8)).padStart(8, '0')}`;
      const id = newId();
      await authRepo.insertUser(own('auth', db), {
        id,
        corp_id: s.corp,
        nuid: `${s.act}-demo-${i}`,
        mobile,
        open_id: null,
        created_at: act.startsAt,
        bank_linked_at: act.startsAt,
      });
      // Keen ones come back most days; the long tail tried once or twice.
      const keen = random() ** 2;
      for (let d = 0; d < days; d++) {
        if (random() > keen) continue;
        const dayStart = until - (days - d) * DAY;
        for (const t of s.tasks) {
          if (t.kind === 'invite' ? random() > keen / 3 : random() > 0.3 + keen / 2) continue;
          const at = Math.min(until - 1, dayStart + Math.floor(random() * (DAY - 1)));
          if (at < act.startsAt) continue;
          await services.seasonOperations.creditAt(s.corp, s.act, id, t.id, at);
        }
      }
      seeded++;
    }
    if (act.endsAt <= now) await services.seasonOperations.settle(s.corp, s.act);
  }
  return seeded;
}
