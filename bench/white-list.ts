/**
 * `npm run bench:white-list`: a 1,000,000-row white list through the campaign lab's upload path on a fresh
 * SQLite database (BENCH_DB=postgres for PostgreSQL at TEST_DATABASE_URL), while customers draw beside it. The
 * CSV is generated as a stream (GBK, as a Chinese spreadsheet exports it), so the figures are the server's:
 * the upload's time, rows stored, the process's peak RSS growth (the file is never held whole), and what the
 * customers saw meanwhile: every draw they asked for during the upload, its p50/p99/max time, how many came back
 * answered (code 0) and how many were refused. Prints one JSON line.
 *
 * The same customers first draw for BENCH_IDLE_MS (3000) with no upload: `idleBefore`, what the machine gives them
 * without it (it may be shared). BENCH_ROWS (1,000,000), BENCH_CUSTOMERS (20), BENCH_THINK_MS (100: each
 * customer's pause between draws, under the per-session draw rate).
 */
import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import iconv from 'iconv-lite';
import { parseDefinition } from '../apps/server/src/campaign-file/definition';
import { applyDefinition } from '../apps/server/src/campaign-file/import';
import { startTestApp } from '../apps/server/src/testing/harness';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 20);
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 100);
const IDLE_MS = Number(process.env.BENCH_IDLE_MS ?? 3000);
const kind = process.env.BENCH_DB === 'postgres' ? 'postgres' : 'sqlite';

function* csv(): Generator<Buffer> {
  yield iconv.encode('客户号,手机号,姓名\r\n', 'gbk');
  const chunk: string[] = [];
  for (let i = 1; i <= ROWS; i++) {
    chunk.push(`c${i},1${String(3800000000 + i).padStart(10, '0')},客户${i % 100}\r\n`);
    if (chunk.length === 5000) {
      yield iconv.encode(chunk.join(''), 'gbk');
      chunk.length = 0;
    }
  }
  if (chunk.length) yield iconv.encode(chunk.join(''), 'gbk');
}

const ACTIVITY = `
activities:
  - id: bench-list-draws
    corp: demo
    type: wheel
    title: 名单压测转盘
    startsAt: now-1h
    endsAt: now+10d
    chances: { perDay: 1000000 }
    rules: <p>规则</p>
    prizes:
      - { id: thanks, name: 谢谢, kind: thanks, image: /prizes/thanks.svg, weight: 1, consolation: true }
`;

const pct = (sorted: number[], p: number) =>
  sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0) : null;

// The file is written before the clock starts: the upload reads it as the server reads a request, not while this
// process computes it.
const dir = mkdtempSync(join(tmpdir(), 'bench-white-list-'));
const file = join(dir, 'list.csv');
await pipeline(Readable.from(csv()), createWriteStream(file));

const t = await startTestApp(kind);
try {
  const acting = {
    actor: { id: 'operator-chen', name: '陈运营', roles: ['operator'] },
    ip: '127.0.0.1',
    locale: 'zh-CN' as const,
  };
  const corp = await t.services.base.corps.get(t.database.db, 'demo', t.clock.now);
  if (!corp) throw new Error('no demo corp');
  const { id } = await t.services.campaigns.lifecycle.create(acting, corp, { kind: 'wheel', title: '名单压测' });
  await applyDefinition(
    t.database.db,
    t.services.publishing,
    parseDefinition(ACTIVITY, 'bench.yaml', t.clock.now),
    t.clock.now,
  );
  const cookies: string[] = [];
  for (let i = 0; i < CUSTOMERS; i++) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/bmcs/api/auth/otp/login?corpId=demo',
      headers: { 'x-campaign-client': 'h5' },
      payload: { mobile: `1390000${String(i).padStart(4, '0')}`, code: '123456' },
      remoteAddress: `10.8.${i % 250}.${Math.floor(i / 250) + 1}`,
    });
    const sid = res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    if (res.json().code !== 0 || !sid) throw new Error(`login failed: ${res.body}`);
    cookies.push(sid);
  }

  // Customers draw from before the upload starts until it ends; only the draws asked for during it count.
  let uploading = true;
  let uploadStart = Number.POSITIVE_INFINITY;
  const waits: number[] = [];
  let answered = 0;
  let refused = 0;
  /** When each counted draw came back: `completed` is how many of them did before the phase ended. */
  const finished: number[] = [];
  let phaseEnd = Number.POSITIVE_INFINITY;
  const summary = () => {
    const sorted = [...waits].sort((a, b) => a - b);
    return {
      drawsAsked: sorted.length,
      completed: finished.filter((at) => at <= phaseEnd).length,
      answered,
      refused,
      p50Ms: pct(sorted, 50),
      p99Ms: pct(sorted, 99),
      maxMs: sorted.length ? Math.round(sorted[sorted.length - 1] ?? 0) : null,
    };
  };
  const customer = async (cookie: string, n: number) => {
    await new Promise((r) => setTimeout(r, (THINK_MS * n) / CUSTOMERS));
    while (uploading) {
      const asked = performance.now();
      const res = await t.app.inject({
        method: 'POST',
        url: '/bmcs/api/v2/lottery?corpId=demo',
        headers: { 'x-campaign-client': 'h5', cookie, 'idempotency-key': `${n}-${asked}` },
        payload: { actId: 'bench-list-draws' },
      });
      if (asked >= uploadStart) {
        finished.push(performance.now());
        waits.push(performance.now() - asked);
        if (res.json().code === 0) answered++;
        else refused++;
      }
      await new Promise((r) => setTimeout(r, THINK_MS));
    }
  };
  const customers = Promise.all(cookies.map(customer));
  // The same customers with no upload first: what this machine gives them when idle (it may be shared).
  uploadStart = performance.now() + 1000;
  await new Promise((r) => setTimeout(r, 1000 + IDLE_MS));
  phaseEnd = performance.now();
  const idle = summary();
  waits.length = 0;
  finished.length = 0;
  answered = refused = 0;
  phaseEnd = Number.POSITIVE_INFINITY;

  const rss0 = process.memoryUsage().rss;
  let peak = rss0;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50);
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  uploadStart = performance.now();
  const r = await t.services.campaignLab.uploadList(acting, corp, { id, kind: 'whiteList' }, createReadStream(file));
  phaseEnd = performance.now();
  const ms = Math.round(phaseEnd - uploadStart);
  uploading = false;
  loop.disable();
  clearInterval(timer);
  await customers;
  console.log(
    JSON.stringify({
      bench: 'campaign-lab white list',
      db: kind,
      rows: r.rows,
      encoding: r.encoding,
      uploadMs: ms,
      peakRssGrowthMiB: Math.round((peak - rss0) / 1048576),
      eventLoopDelayMs: { p99: Math.round(loop.percentile(99) / 1e6), max: Math.round(loop.max / 1e6) },
      customers: { customers: CUSTOMERS, duringUpload: summary(), idleBefore: idle },
    }),
  );
} finally {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
}
