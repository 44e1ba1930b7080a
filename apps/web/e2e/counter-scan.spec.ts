import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, expect, test } from '@playwright/test';
import QRCode from 'qrcode';
import { CHROMIUM } from './chromium';
import { loginTo, settle, snap } from './helpers';

const repoRoot = resolve(import.meta.dirname, '../../..');

function staffTicket(staffId: string): string {
  const sqlite = join(tmpdir(), `campaign-e2e-${process.env.CAMPAIGN_E2E_RUN}.db`);
  const out = execFileSync('npx', ['tsx', 'apps/server/src/cli/main.ts', 'ticket', '--staff', 'demo', staffId], {
    cwd: repoRoot,
    env: { ...process.env, SQLITE_PATH: sqlite, LOG_LEVEL: 'silent' },
    encoding: 'utf8',
  });
  return out.trim().split('\n').at(-1) ?? '';
}

/**
 * A camera that sees the ticket's QR code: Chromium's fake capture device plays this Y4M file (a still frame
 * of the code, black on white), as a phone's camera would show the customer's screen.
 */
function qrVideo(text: string): string {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const size = qr.modules.size;
  const [w, h, scale] = [640, 480, 10];
  const x0 = Math.floor((w - size * scale) / 2);
  const y0 = Math.floor((h - size * scale) / 2);
  const y = Buffer.alloc(w * h, 235);
  for (let r = 0; r < size; r++)
    for (let c = 0; c < size; c++)
      if (qr.modules.get(r, c))
        for (let dy = 0; dy < scale; dy++)
          y.fill(16, (y0 + r * scale + dy) * w + x0 + c * scale, (y0 + r * scale + dy) * w + x0 + (c + 1) * scale);
  const chroma = Buffer.alloc((w / 2) * (h / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), y, chroma]);
  const file = join(tmpdir(), `campaign-qr-${process.pid}-${Date.now()}.y4m`);
  writeFileSync(
    file,
    Buffer.concat([Buffer.from(`YUV4MPEG2 W${w} H${h} F10:1 Ip A1:1 C420jpeg\n`), frame, frame, frame]),
  );
  return file;
}

test('the counter scans the customer’s QR with the camera (ZXing fallback where BarcodeDetector is missing)', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await loginTo(page, '/upStdDraw?corpId=demo&actId=wheel-store');
  const answer = page.waitForResponse((r) => r.url().includes('/lottery') && r.request().method() === 'POST');
  await page.getByRole('button', { name: /抽奖/ }).click();
  const won = (await (await answer).json()) as { data: { award: { couponCode: string | null } | null } };
  const code = won.data.award?.couponCode ?? '';
  expect(code).not.toBe('');

  // The counter's phone: a camera pointed at the code.
  const browser = await chromium.launch({
    executablePath: CHROMIUM.executablePath,
    args: [
      ...CHROMIUM.args,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${qrVideo(code)}`,
    ],
  });
  const desk = await browser.newContext({
    baseURL,
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
    permissions: ['camera'],
  });
  const clerk = await desk.newPage();
  const wasm: string[] = [];
  clerk.on('request', (r) => {
    if (/zxing|\.wasm/.test(r.url())) wasm.push(r.url());
  });
  await clerk.goto(`/lottStore?corpId=demo&mode=redeem&staffTicket=${encodeURIComponent(staffTicket('clerk-li'))}`);
  await expect(clerk.getByTestId('redeem-desk')).toContainText('李店员', { timeout: 30_000 });
  await clerk.getByTestId('redeem-store').selectOption('sh-renmin');
  // The decoder is not fetched until the clerk scans.
  expect(wasm).toEqual([]);
  await clerk.getByRole('button', { name: '扫码' }).click();
  // Debian's Chromium has no BarcodeDetector: the ZXing wasm reader (served by this server) reads the code, the
  // scanner closes and the ticket is looked up; the code is shown in the one format (groups of four, spaced).
  expect(await clerk.evaluate(() => 'BarcodeDetector' in window)).toBe(false);
  await expect(clerk.getByTestId('redeem-ticket')).toHaveAttribute('data-state', 'unused', { timeout: 30_000 });
  await expect(clerk.getByTestId('redeem-code')).toHaveValue(code.replaceAll('-', ' '));
  await expect(clerk.getByTestId('redeem-ticket')).toContainText(code.replaceAll('-', ' '));
  expect(wasm.some((u) => u.endsWith('.wasm'))).toBe(true);
  expect(wasm.every((u) => u.startsWith(baseURL ?? ''))).toBe(true);
  await settle(clerk);
  await snap(clerk, 'redeem-scanned');
  await browser.close();
});
