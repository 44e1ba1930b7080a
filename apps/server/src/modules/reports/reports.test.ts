import { existsSync } from 'node:fs';
import type { ExportJob } from '@campaign/contract';
import { maskMobile } from '@campaign/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityYaml, campaignActions } from '../../testing/campaign';
import { type ConsoleClient, consoleSignIn, DEMO_CONSOLE, seedConsole } from '../../testing/console';
import { body, dialects, startTestApp, type TestApp } from '../../testing/harness';
import { maskCode, maskName } from './format';

const kinds = await dialects();

describe.each(kinds)('exports on %s', (kind) => {
  let t: TestApp;
  const { publish, login, draw } = campaignActions(() => t);
  const mobiles = ['13700001234', '13700005678'];
  beforeAll(async () => {
    t = await startTestApp(kind);
    await seedConsole(t);
    await publish(
      activityYaml('exp-wheel', {
        // Six draws at 1:1 left no coupon to export in 1 of 64 runs (the coupons sheet's first row was empty);
        // at 4:1 that is 1 in 15,625.
        prizes: [
          '      - { id: cpn, name: 十元券, kind: coupon, image: /prizes/coupon.svg, weight: 4, stock: 50, valueCents: 1000 }',
          '      - { id: gift, name: 礼盒, kind: physical, image: /prizes/gift.svg, weight: 1, stock: 50, valueCents: 9900 }',
          '      - { id: none, name: 谢谢, kind: thanks, image: /prizes/thanks.svg, weight: 0, consolation: true }',
        ].join('\n'),
      }),
    );
    for (const m of mobiles) {
      const cookie = await login(m);
      for (let i = 0; i < 3; i++) expect(body(await draw(cookie, 'exp-wheel')).code).toBe(0);
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  async function exportOf(c: ConsoleClient, req: Record<string, unknown>) {
    const started = body<{ jobId: string }>(await c.post('/console/exports/start', req));
    expect(started.code).toBe(0);
    await t.services.reports.idle();
    const job = body<ExportJob>(await c.get(`/console/exports/job?id=${started.data.jobId}`)).data;
    const file = await c.get(`/console/exports/file?id=${started.data.jobId}`);
    return { job, file };
  }

  it('masks by default: the winners CSV has no full mobile', async () => {
    const op = await consoleSignIn(t, DEMO_CONSOLE.operator);
    const { job, file } = await exportOf(op, { kind: 'winners', actId: 'exp-wheel', format: 'csv' });
    expect(job).toMatchObject({ state: 'done', rows: 6, total: 6, unmasked: false });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain(job.filename);
    const text = file.body;
    expect(text.startsWith('\uFEFF中奖编号,')).toBe(true);
    expect(text.split('\r\n').filter(Boolean)).toHaveLength(7);
    expect(text).toContain('137****1234');
    for (const m of mobiles) expect(text).not.toContain(m);
  });

  it('unmasked needs an allowed role and a reason, and is audited with the reason', async () => {
    const op = await consoleSignIn(t, DEMO_CONSOLE.operator);
    const denied = await op.post('/console/exports/start', {
      kind: 'winners',
      format: 'csv',
      unmasked: true,
      reason: '客服核实',
    });
    expect(body(denied).code).toBe(6603);
    const auditor = await consoleSignIn(t, DEMO_CONSOLE.auditor);
    const noReason = await auditor.post('/console/exports/start', { kind: 'winners', format: 'csv', unmasked: true });
    expect(body(noReason).code).toBe(6603);
    const { job, file } = await exportOf(auditor, {
      kind: 'winners',
      actId: 'exp-wheel',
      format: 'csv',
      unmasked: true,
      reason: '中奖核实（工单 42）',
    });
    expect(job.unmasked).toBe(true);
    for (const m of mobiles) expect(file.body).toContain(m);
    const entry = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'subject', 'after', 'actor_id'])
      .where('action', '=', 'export.unmasked')
      .executeTakeFirstOrThrow();
    expect(entry.subject).toBe(job.id);
    expect(entry.actor_id).toBe(DEMO_CONSOLE.auditor.staffId);
    expect(JSON.parse(String(entry.after))).toMatchObject({ reason: '中奖核实（工单 42）', kind: 'winners' });
  });

  it('XLSX opens with the library; coupons, orders and the audit log export too', async () => {
    const op = await consoleSignIn(t, DEMO_CONSOLE.operator);
    const { job, file } = await exportOf(op, { kind: 'coupons', actId: 'exp-wheel', format: 'xlsx' });
    expect(job.state).toBe('done');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet?.name).toBe('券');
    expect(sheet?.getRow(1).getCell(4).value).toBe('券码');
    const codes = (
      await t.database.db.selectFrom('award').select('coupon_code').where('kind', '=', 'coupon').execute()
    ).map((r) => r.coupon_code);
    expect(sheet?.rowCount).toBe(codes.length + 1);
    const shown = String(sheet?.getRow(2).getCell(4).value);
    expect(shown).toMatch(/^.{4}\*{4}.{2}$/);
    expect(codes).not.toContain(shown);
    expect(sheet?.getRow(2).getCell(6).value).toBe('未使用');

    const orders = await exportOf(op, { kind: 'orders', format: 'csv' });
    expect(orders.job.rows).toBe(6 - codes.length);
    const auditor = await consoleSignIn(t, DEMO_CONSOLE.auditor);
    const audit = await exportOf(auditor, { kind: 'audit', format: 'xlsx' });
    expect(audit.job.rows).toBeGreaterThan(3);
    const redemptions = await exportOf(op, { kind: 'redemptions', format: 'csv' });
    expect(redemptions.job).toMatchObject({ state: 'done', rows: 0 });
  });

  it('the file stays for a while, then the sweeper removes it', async () => {
    const op = await consoleSignIn(t, DEMO_CONSOLE.operator);
    const { job } = await exportOf(op, { kind: 'winners', format: 'csv' });
    const row = await t.database.db
      .selectFrom('export_job')
      .select('file')
      .where('id', '=', job.id)
      .executeTakeFirstOrThrow();
    expect(existsSync(String(row.file))).toBe(true);
    expect(await t.services.reports.sweep()).toBe(0);
    t.clock.advance(t.services.base.config.exports.keepMs + 1);
    expect(await t.services.reports.sweep()).toBeGreaterThan(0);
    expect(existsSync(String(row.file))).toBe(false);
    // A day later the session has long expired: sign in again.
    const again = await consoleSignIn(t, DEMO_CONSOLE.operator);
    expect(body(await again.get(`/console/exports/file?id=${job.id}`)).code).toBe(6601);
    expect(body<ExportJob>(await again.get(`/console/exports/job?id=${job.id}`)).data.state).toBe('expired');
  });

  it('another corp’s export is neither shown nor sent', async () => {
    const op = await consoleSignIn(t, DEMO_CONSOLE.operator);
    const other = await t.database.db.selectFrom('export_job').select(['id']).executeTakeFirstOrThrow();
    await t.database.db.updateTable('export_job').set({ corp_id: 'elsewhere' }).where('id', '=', other.id).execute();
    expect(body(await op.get(`/console/exports/job?id=${other.id}`)).code).toBe(6601);
    expect(body(await op.get(`/console/exports/file?id=${other.id}`)).code).toBe(6601);
  });
});

describe('masking', () => {
  it('keeps just enough to recognise a value', () => {
    expect(maskMobile('13812345678')).toBe('138****5678');
    expect(maskName('张三丰')).toBe('张**');
    expect(maskName('李')).toBe('李*');
    expect(maskCode('ABCDEFGHJK')).toBe('ABCD****JK');
    expect(maskMobile(null)).toBe('');
  });
});
