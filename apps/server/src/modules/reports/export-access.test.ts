import { existsSync } from 'node:fs';
import type { ExportJob, ExportKind } from '@campaign/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { activityYaml, campaignActions } from '../../testing/campaign';
import { type ConsoleClient, consoleSignIn, DEMO_CONSOLE, seedConsole } from '../../testing/console';
import { body, dialects, startTestApp, type TestApp } from '../../testing/harness';

// Who may see what of the exports (ADR 0374): each kind the roles of its screen, an unmasked file its requester
// only and for 30 minutes, and every download on the audit log. The matrix is written out here, not derived
// from the contract's table, so a change to either shows.

// Who may read a file does not depend on which process wrote it: these exports are written in the server's own
// (export-process.test.ts covers the export process), so forty of them take seconds, not minutes.
vi.mock('./export-process', async (original) => ({
  ...(await original<typeof import('./export-process')>()),
  canExportApart: () => false,
}));

const kinds = await dialects();

type Role = 'operator' | 'approver' | 'auditor' | 'admin';
const ROLES: Role[] = ['operator', 'approver', 'auditor', 'admin'];
const KINDS: ExportKind[] = ['winners', 'orders', 'redemptions', 'coupons', 'audit'];
const CAMPAIGN_DATA: ExportKind[] = ['winners', 'orders', 'redemptions', 'coupons'];
/** Which kinds each role may see (start, list, download): the campaign data on 报表导出, the log on 审计日志. */
const SEES: Record<Role, ExportKind[]> = {
  operator: CAMPAIGN_DATA,
  approver: [],
  auditor: KINDS,
  admin: KINDS,
};
const UNMASKS: Record<Role, boolean> = { operator: false, approver: false, auditor: true, admin: true };
const mobile = '13700009876';
const WINDOW_MS = 30 * 60_000;

describe.each(kinds)('export access on %s', (kind) => {
  let t: TestApp;
  const { publish, login, draw } = campaignActions(() => t);
  const clients = {} as Record<Role, ConsoleClient>;
  const signInAll = async () => {
    for (const r of ROLES) clients[r] = await consoleSignIn(t, DEMO_CONSOLE[r]);
  };
  beforeAll(async () => {
    t = await startTestApp(kind);
    await seedConsole(t);
    await publish(
      activityYaml('acl-wheel', {
        prizes: [
          '      - { id: gift, name: 礼盒, kind: physical, image: /prizes/gift.svg, weight: 1, stock: 50, valueCents: 9900 }',
          '      - { id: none, name: 谢谢, kind: thanks, image: /prizes/thanks.svg, weight: 0, consolation: true }',
        ].join('\n'),
      }),
    );
    const cookie = await login(mobile);
    expect(body(await draw(cookie, 'acl-wheel')).code).toBe(0);
    await signInAll();
  });
  afterAll(async () => {
    await t?.close();
  });

  const startBody = (k: ExportKind, unmasked: boolean) => ({
    kind: k,
    format: 'csv',
    ...(unmasked ? { unmasked: true, reason: '工单 77 核实' } : {}),
  });
  async function start(c: ConsoleClient, k: ExportKind, unmasked: boolean) {
    const res = body<{ jobId: string }>(await c.post('/console/exports/start', startBody(k, unmasked)));
    await t.services.reports.idle();
    return res;
  }
  const listed = async (c: ConsoleClient) =>
    body<{ items: ExportJob[] }>(await c.get('/console/exports?pageSize=100')).data.items.map((j) => j.id);
  const downloads = (action: string) =>
    t.database.db
      .selectFrom('audit_log')
      .select(['actor_id', 'subject', 'after'])
      .where('corp_id', '=', 'demo')
      .where('action', '=', action)
      .execute();

  it('every role × kind × masked/unmasked: start, list, job and download as the matrix says', async () => {
    const jobs: { id: string; kind: ExportKind; unmasked: boolean; by: Role }[] = [];
    for (const by of ROLES) {
      for (const k of KINDS) {
        for (const unmasked of [false, true]) {
          const res = await start(clients[by], k, unmasked);
          const may = SEES[by].includes(k) && (!unmasked || UNMASKS[by]);
          const why = `${by} starts ${k} ${unmasked ? 'unmasked' : 'masked'}`;
          if (may) {
            expect(res.code, why).toBe(0);
            jobs.push({ id: res.data.jobId, kind: k, unmasked, by });
          } else if (by === 'approver') {
            expect(res.code, why).toBe(5002);
          } else if (!SEES[by].includes(k)) {
            expect(res.code, why).toBe(6607);
          } else {
            expect(res.code, why).toBe(6603);
          }
        }
      }
    }
    expect(jobs).toHaveLength(4 + 2 * 5 * 2);
    const before = (await downloads('export.download')).length;
    let allowed = 0;
    for (const viewer of ROLES) {
      const seen = viewer === 'approver' ? null : await listed(clients[viewer]);
      for (const j of jobs) {
        const may = SEES[viewer].includes(j.kind) && (!j.unmasked || viewer === j.by);
        const why = `${viewer} sees ${j.by}'s ${j.kind} ${j.unmasked ? 'unmasked' : 'masked'}`;
        if (seen) expect(seen.includes(j.id), why).toBe(may);
        const job = body(await clients[viewer].get(`/console/exports/job?id=${j.id}`));
        const file = await clients[viewer].get(`/console/exports/file?id=${j.id}`);
        if (may) {
          allowed++;
          expect(job.code, why).toBe(0);
          expect(file.statusCode, why).toBe(200);
          expect(file.headers['content-type'], why).toBe('application/octet-stream');
          if (j.kind === 'winners') expect(file.body.includes(mobile), why).toBe(j.unmasked);
        } else {
          const code = viewer === 'approver' ? 5002 : SEES[viewer].includes(j.kind) ? 6608 : 6607;
          expect(job.code, why).toBe(code);
          expect(body(file).code, why).toBe(code);
          expect(file.body, why).not.toContain(mobile);
        }
      }
    }
    // Every download is on the audit log: who, which file, masked or not (and an unmasked one's reason).
    const entries = await downloads('export.download');
    expect(entries.length - before).toBe(allowed);
    const unmasked = jobs.find((j) => j.unmasked && j.kind === 'winners' && j.by === 'auditor');
    const mine = entries.filter((e) => e.subject === unmasked?.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]?.actor_id).toBe(DEMO_CONSOLE.auditor.staffId);
    expect(JSON.parse(String(mine[0]?.after))).toMatchObject({
      kind: 'winners',
      unmasked: true,
      reason: '工单 77 核实',
      createdBy: DEMO_CONSOLE.auditor.staffId,
    });
    const peer = jobs.find((j) => !j.unmasked && j.kind === 'winners' && j.by === 'auditor');
    const peers = entries.filter((e) => e.subject === peer?.id).map((e) => e.actor_id);
    expect(peers.sort()).toEqual(
      [DEMO_CONSOLE.operator.staffId, DEMO_CONSOLE.auditor.staffId, DEMO_CONSOLE.admin.staffId].sort(),
    );
    // Refused attempts at a file are on it too.
    const refused = await downloads('export.download-refused');
    expect(refused.some((e) => e.actor_id === DEMO_CONSOLE.operator.staffId && e.subject === unmasked?.id)).toBe(true);
    expect((await t.services.audit.verify('demo')).ok).toBe(true);
  }, 180_000);

  it('20 simultaneous downloads of an unmasked file by others are all refused; the owner’s goes through', async () => {
    await signInAll();
    const started = await start(clients.auditor, 'winners', true);
    expect(started.code).toBe(0);
    const id = started.data.jobId;
    const before = (await downloads('export.download-refused')).filter((e) => e.subject === id).length;
    const tries = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 ? clients.admin : clients.operator).get(`/console/exports/file?id=${id}`),
      ),
    );
    for (const res of tries) {
      expect(res.statusCode).toBe(403);
      expect(body(res).code).toBe(6608);
      expect(res.body).not.toContain(mobile);
    }
    const refused = (await downloads('export.download-refused')).filter((e) => e.subject === id);
    expect(refused.length - before).toBe(20);
    const own = await clients.auditor.get(`/console/exports/file?id=${id}`);
    expect(own.statusCode).toBe(200);
    expect(own.body).toContain(mobile);
    expect((await t.services.audit.verify('demo')).ok).toBe(true);
  }, 60_000);

  it('an unmasked file lasts 30 minutes after it is ready, then it is expired and gone, sweeper or not', async () => {
    await signInAll();
    const a = await start(clients.auditor, 'winners', true);
    const b = await start(clients.auditor, 'winners', true);
    const masked = await start(clients.auditor, 'winners', false);
    const jobOf = async (id: string) =>
      body<ExportJob>(await clients.auditor.get(`/console/exports/job?id=${id}`)).data;
    const ja = await jobOf(a.data.jobId);
    expect(ja.expiresAt).toBe((ja.finishedAt ?? 0) + WINDOW_MS);
    const mj = await jobOf(masked.data.jobId);
    expect(mj.expiresAt).toBe((mj.finishedAt ?? 0) + t.services.base.config.exports.keepMs);
    const fileOf = async (id: string) =>
      String(
        (await t.database.db.selectFrom('export_job').select('file').where('id', '=', id).executeTakeFirstOrThrow())
          .file,
      );
    const pathA = await fileOf(a.data.jobId);
    const pathB = await fileOf(b.data.jobId);

    // Just inside the window (the sign-in moves the clock 30 s): still the owner's to download.
    t.clock.advance(WINDOW_MS - 60_000);
    clients.auditor = await consoleSignIn(t, DEMO_CONSOLE.auditor);
    expect((await clients.auditor.get(`/console/exports/file?id=${a.data.jobId}`)).statusCode).toBe(200);

    // Past it, before the sweeper comes: 20 at once are all refused, the file is removed and the job expired.
    t.clock.advance(31_000);
    const late = await Promise.all(
      Array.from({ length: 20 }, () => clients.auditor.get(`/console/exports/file?id=${a.data.jobId}`)),
    );
    for (const res of late) expect(body(res).code).toBe(6601);
    expect(existsSync(pathA)).toBe(false);
    expect((await jobOf(a.data.jobId)).state).toBe('expired');
    const list = body<{ items: ExportJob[] }>(await clients.auditor.get('/console/exports?pageSize=100')).data.items;
    expect(list.find((j) => j.id === b.data.jobId)?.state).toBe('expired');
    expect(list.find((j) => j.id === masked.data.jobId)?.state).toBe('done');

    // The sweeper removes the other unmasked file; the masked one stays its 24 hours.
    expect(existsSync(pathB)).toBe(true);
    expect(await t.services.reports.sweep()).toBeGreaterThan(0);
    expect(existsSync(pathB)).toBe(false);
    expect(existsSync(await fileOf(masked.data.jobId))).toBe(true);
  }, 60_000);
});
