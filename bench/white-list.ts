/**
 * `npm run bench:white-list`: a 1,000,000-row white list through the campaign lab's upload path on a fresh
 * SQLite database (BENCH_DB=postgres for PostgreSQL at TEST_DATABASE_URL). The CSV is generated as a stream (GBK,
 * as a Chinese spreadsheet exports it), so the figures are the server's: elapsed time, rows stored, and the
 * process's peak RSS growth while it ran (the file itself is never held whole). Prints one JSON line.
 */
import { Readable } from 'node:stream';
import iconv from 'iconv-lite';
import { startTestApp } from '../apps/server/src/testing/harness';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
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
  const rss0 = process.memoryUsage().rss;
  let peak = rss0;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50);
  const started = performance.now();
  const r = await t.services.campaignLab.uploadList(acting, corp, { id, kind: 'whiteList' }, Readable.from(csv()));
  const ms = Math.round(performance.now() - started);
  clearInterval(timer);
  console.log(
    JSON.stringify({
      bench: 'campaign-lab white list',
      db: kind,
      rows: r.rows,
      encoding: r.encoding,
      elapsedMs: ms,
      peakRssGrowthMiB: Math.round((peak - rss0) / 1048576),
    }),
  );
} finally {
  await t.close();
}
