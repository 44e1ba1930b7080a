import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import iconv from 'iconv-lite';
import { SCREENS_DIR, signIn, snap } from './helpers';

// Issue 34 "Done when" 1 and 2 at 1440×900 (the customer at 375×812) against the real server: an operator makes
// a new store with its address (and imports one from a GBK CSV), a 支付立减 with card BINs and merchants, and a
// coupon campaign whose stores are picked from 门店管理; approved, the customer sees 适用卡, 适用商户 and the store
// on the campaign's store list in the H5.
test.describe.configure({ mode: 'serial', timeout: 600_000 });

const STAMP = Date.now().toString(36).slice(-4);
const STORE = `西湖银泰支行${STAMP}`;
const DISCOUNT = '双十二刷卡立减';
const COUPON = '双十二到店礼券';
/** The coupon campaign's uploaded code pool: five codes of this run, handed out in file order (ADR 0390). */
const POOL = Array.from({ length: 5 }, (_, i) => `KS${STAMP}${String(i + 1).padStart(5, '0')}`.toUpperCase());
/** China time for the date inputs, minutes only. */
const local = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');

let operator: Page;
let customer: Page;
let discountId = '';
let couponId = '';

test.beforeAll(async ({ browser }: { browser: Browser }) => {
  operator = await (await browser.newContext()).newPage();
  customer = await (await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true })).newPage();
});
test.afterAll(async () => {
  for (const p of [operator, customer]) await p?.context().close();
});

/** Every approver the corp's policy asks for approves it, through 待我审批. */
async function approve(browser: Browser, title: string) {
  for (const login of ['approver', 'approver2']) {
    const page = await (await browser.newContext()).newPage();
    await signIn(page, login);
    await page.getByRole('link', { name: '待我审批' }).click();
    const item = page.getByRole('button', { name: title });
    // The first approver always has it (a miss fails here); a second only when the corp's policy asks for two.
    const waiting =
      login === 'approver'
        ? await item.waitFor({ timeout: 30_000 }).then(() => true)
        : await item
            .waitFor({ timeout: 8_000 })
            .then(() => true)
            .catch(() => false);
    if (!waiting) {
      await page.context().close();
      break;
    }
    await item.click();
    await page.getByRole('button', { name: '批准' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: '批准' }).click();
    await expect(page.getByRole('button', { name: title })).toHaveCount(0);
    await page.context().close();
  }
}

async function createCampaign(kind: RegExp, title: string): Promise<string> {
  await operator.getByRole('link', { name: '活动管理' }).first().click();
  await operator.getByRole('button', { name: '新建活动' }).click();
  const dialog = operator.getByRole('dialog', { name: '新建活动' });
  await dialog.getByRole('radio', { name: kind }).check();
  await dialog.getByLabel('活动名称').fill(title);
  await dialog.getByRole('button', { name: '创建草稿' }).click();
  await expect(operator).toHaveURL(/\/console\/campaigns\/[^/]+\/edit$/, { timeout: 30_000 });
  return decodeURIComponent(/campaigns\/([^/]+)\/edit/.exec(operator.url())?.[1] ?? '');
}

async function submit(id: string) {
  await operator.getByRole('button', { name: '保存' }).click();
  await expect(operator.getByText(/已保存/)).toBeVisible();
  await operator.getByRole('button', { name: '提交审批' }).click();
  await operator.locator('.ant-popconfirm').getByRole('button', { name: '提交' }).click();
  await expect(operator).toHaveURL(new RegExp(`/console/campaigns/${id}$`), { timeout: 30_000 });
}

async function h5Login(target: string) {
  await customer.goto(`/login?corpId=demo&redirect=${encodeURIComponent(target)}`);
  await customer.getByLabel('手机号').fill('13800000009');
  await customer.waitForTimeout(400);
  await customer.getByTestId('send-code').click();
  await customer.getByLabel('验证码').fill('123456');
  await customer.waitForTimeout(400);
  await customer.getByRole('button', { name: '登录', exact: true }).click();
}

async function phoneShot(name: string) {
  mkdirSync(SCREENS_DIR, { recursive: true });
  await customer.screenshot({ path: join(SCREENS_DIR, `${name}.png`), fullPage: true });
}

test('1a. a new store with its address, coordinates and hours; another imported from a GBK CSV', async () => {
  await signIn(operator, 'operator');
  await operator.getByRole('link', { name: '门店管理' }).click();
  await expect(operator.getByRole('heading', { name: '门店管理' })).toBeVisible();
  await expect(operator.getByText('陆家嘴支行')).toBeVisible();
  await snap(operator, 'stores-list');

  await operator.getByRole('button', { name: /新建门店/ }).click();
  const dialog = operator.getByRole('dialog', { name: '新建门店' });
  await dialog.getByLabel('门店名称').fill(STORE);
  await dialog.getByLabel('电话').fill('0571-8888 0202');
  await dialog.getByLabel('详细地址').fill('杭州市上城区延安路 98 号西湖银泰 1 层');
  await dialog.getByLabel('城市', { exact: true }).fill('杭州市');
  await dialog.getByLabel('城市代码').fill('330100');
  await dialog.getByLabel('经度').fill('200');
  await dialog.getByLabel('纬度').fill('30.252');
  await dialog.getByLabel('营业时间').fill('10:00-22:00');
  await dialog.getByLabel('可兑奖品').fill('到店兑换券');
  await dialog.getByLabel('可兑奖品').press('Enter');
  await dialog.getByRole('button', { name: /保\s?存/ }).click();
  // Out of China: the server's Chinese message under the longitude, nothing stored.
  await expect(dialog.getByText('经度应在 73–136 之间（中国境内，GCJ-02）')).toBeVisible();
  await snap(operator, 'stores-form-error');
  await dialog.getByLabel('经度').fill('120.166');
  await dialog.getByRole('button', { name: /保\s?存/ }).click();
  await expect(dialog).toBeHidden();
  await expect(operator.locator('.store-name', { hasText: STORE })).toBeVisible();

  await operator.getByRole('button', { name: /导入 CSV/ }).click();
  const imp = operator.getByRole('dialog', { name: '从 CSV 导入门店' });
  const csv = [
    'id,name,address,cityCode,cityName,lng,lat,hours,phone,accepts',
    `hz-wulin-${STAMP},武林广场支行,杭州市拱墅区武林广场 1 号杭州大厦 1 层,330100,杭州市,120.164,30.275,Mon-Fri 09:00-17:00,0571-8888 0303,到店兑换券`,
  ].join('\r\n');
  await imp
    .getByTestId('stores-csv-file')
    .setInputFiles({ name: '门店.csv', mimeType: 'text/csv', buffer: iconv.encode(csv, 'gbk') });
  await expect(imp).toBeHidden();
  await expect(operator.getByText('已导入 1 家门店（GBK）')).toBeVisible();
  await expect(operator.locator('.store-name', { hasText: '武林广场支行' })).toBeVisible();
  await snap(operator, 'stores-after-import');
});

test('1b. a 支付立减 with card BINs and merchants, submitted and approved', async ({ browser }) => {
  discountId = await createCampaign(/支付立减/, DISCOUNT);
  await operator.getByLabel('开始时间').fill(local(Date.now() - 60_000));
  await operator.getByLabel('开始时间').press('Tab');
  const cards = operator.getByTestId('discount-cards');
  await cards.getByRole('button', { name: /添加卡 BIN/ }).click();
  await operator.getByLabel('适用卡 1 卡 BIN').fill('6228');
  await expect(cards.getByText('卡 BIN 为 6–8 位数字')).toBeVisible();
  await operator.getByLabel('适用卡 1 卡 BIN').fill('622848');
  await operator.getByLabel('适用卡 1 名称').fill('本行借记卡');
  await cards.getByRole('button', { name: /添加卡 BIN/ }).click();
  await operator.getByLabel('适用卡 2 卡 BIN').fill('43674200');
  await operator.getByLabel('适用卡 2 名称').fill('本行白金信用卡');
  const merchants = operator.getByTestId('discount-merchants');
  await merchants.getByRole('button', { name: /添加商户/ }).click();
  await operator.getByLabel('适用商户 1 名称').fill('街角咖啡');
  await operator.getByLabel('适用商户 1 商户号').fill('m-coffee');
  await merchants.getByRole('button', { name: /添加商户/ }).click();
  await operator.getByLabel('适用商户 2 名称').fill('城市书店');
  await operator.getByLabel('适用商户 2 商户号').fill('m-books');
  await expect(cards.getByRole('alert')).toHaveCount(0);
  await expect(merchants.getByRole('alert')).toHaveCount(0);
  await expect(operator.locator('.ok-text')).toBeVisible({ timeout: 15_000 });
  await snap(operator, 'campaigns-discount-editor');
  await submit(discountId);
  await approve(browser, DISCOUNT);
});

test('1c. a coupon campaign whose stores are picked from 门店管理 by name, the new store among them', async ({
  browser,
}) => {
  couponId = await createCampaign(/券与票/, COUPON);
  await operator.getByLabel('开始时间').fill(local(Date.now() - 60_000));
  await operator.getByLabel('开始时间').press('Tab');
  await operator.getByLabel('入口位置').fill(`page:coupon-${STAMP}`);
  const picker = operator.getByRole('combobox', { name: '门店' });
  await picker.click();
  await picker.fill('西湖银泰');
  await operator.locator('.ant-select-item-option', { hasText: STORE }).click();
  await picker.fill('人民广场');
  await operator.locator('.ant-select-item-option', { hasText: '人民广场支行' }).click();
  await operator.keyboard.press('Escape');
  await expect(operator.locator('.ant-select-selection-item').filter({ hasText: STORE })).toBeVisible();
  await snap(operator, 'campaigns-coupon-stores');
  // The 到店兑换券 hands out the uploaded pool's codes, five in stock; every draw wins it (the others weigh 0).
  await operator.getByLabel('奖品 1 权重').fill('0');
  await operator.getByLabel('奖品 3 权重').fill('0');
  await operator.getByLabel('奖品 2 库存').fill('9');
  const pool = operator.getByTestId('code-pool-2');
  await expect(pool).toContainText('系统生成');
  await operator.getByTestId('code-pool-file-2').setInputFiles({
    name: 'bad-codes.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('券码\nAB!\n'),
  });
  // A refused file names its line and column in Chinese, and the row keeps generating its codes.
  await expect(operator.getByTestId('code-pool-errors')).toContainText('第 2 行 券码：券码须为 6–40 位字母或数字');
  await operator.getByRole('button', { name: /知道了|OK|确定/ }).click();
  await expect(pool).toContainText('系统生成');
  await operator.getByTestId('code-pool-file-2').setInputFiles({
    name: 'codes.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`券码\n${POOL.join('\n')}\n`),
  });
  await expect(pool).toContainText('codes.csv · 5 个');
  // Nine in stock but five codes: the editor's check names the stock.
  // In the stock cell, and in the list of what stands in the way of submitting.
  await expect(operator.getByText('库存不能超过券码池的券码数（5 个）', { exact: true })).toBeVisible({
    timeout: 20_000,
  });
  await operator.getByLabel('奖品 2 库存').fill('5');
  await expect(operator.getByText('库存不能超过券码池的券码数（5 个）')).toHaveCount(0, { timeout: 20_000 });
  await snap(operator, 'campaigns-coupon-code-pool');
  await submit(couponId);
  await approve(browser, COUPON);
});

test('2. the customer sees 适用卡 and 适用商户, and the new store on the coupon’s store list', async () => {
  await h5Login(`/lijianDetail?corpId=demo&discountId=${encodeURIComponent(discountId)}`);
  await expect(customer.getByText('适用卡', { exact: true }).first()).toBeVisible({ timeout: 20_000 });
  // The 适用范围 card's chips (the pay form's card <select> holds the same names, hidden in its options).
  const scope = customer.locator('.lj-chips');
  await expect(scope.getByText('本行白金信用卡')).toBeVisible();
  await expect(scope.getByText('43674200')).toBeVisible();
  await expect(customer.getByText('适用商户', { exact: true }).first()).toBeVisible();
  await expect(scope.getByText('城市书店')).toBeVisible();
  await phoneShot('h5-discount-scope');

  await customer.goto(`/lottStore?corpId=demo&actId=${encodeURIComponent(couponId)}`);
  await expect(customer.getByText(STORE).first()).toBeVisible({ timeout: 20_000 });
  await phoneShot('h5-coupon-stores');

  // The coupon campaign's draw hands out the first code of the uploaded pool.
  await customer.goto(`/commonActivity?corpId=demo&actId=${encodeURIComponent(couponId)}`);
  await customer.getByTestId('common-claim').click();
  const dialog = customer.getByRole('dialog');
  // Shown in groups of four, as every code is (KSAB 1200 001).
  const grouped = (POOL[0] ?? '').replace(/(.{4})(?=.)/g, '$1 ');
  await expect(dialog.getByText(grouped)).toBeVisible({ timeout: 20_000 });
  await phoneShot('h5-coupon-pool-code');
});
