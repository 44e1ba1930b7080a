import { expect, test } from '@playwright/test';
import { DEBOUNCE_GAP, loginTo, settle, signIn, snap, uniqueMobile } from './helpers';

/** The demo tenant's growth activities (apps/server/campaigns/demo.yaml). */
const OFFER = '/newCustomers?corpId=demo&actId=newcust-spring';
const SHARE = '/newCustomersShare?corpId=demo&actId=newcust-spring';
const NEW_USER = '/newUser?corpId=demo&actId=newuser-welcome';
/** The demo season whose invite task a counted invite credits. */
const SEASON = '/pro1?corpId=demo&actId=pro1-season';
const SEASON_TASKS = '/pro1/task?corpId=demo&actId=pro1-season';

test('a new customer claims the offer once: the second tap and a reload show 已领取, the coupon is in my prizes', async ({
  page,
}) => {
  await loginTo(page, OFFER);
  await expect(page.getByRole('heading', { name: '新客专享 开户礼' })).toBeVisible();
  await expect(page.getByText('20元新客立减券')).toBeVisible();
  const claim = page.getByTestId('offer-claim');
  await expect(claim).toBeEnabled();
  await settle(page);
  await snap(page, 'new-customers-offer');

  await claim.click();
  const claimed = page.getByTestId('offer-claimed');
  await expect(claimed).toContainText('已领取');
  const code = await page.getByTestId('offer-code').textContent();
  expect(code?.length).toBeGreaterThan(6);
  await expect(page.getByTestId('offer-claim')).toHaveCount(0);
  await settle(page);
  await snap(page, 'new-customers-claimed');

  await page.reload();
  await expect(page.getByTestId('offer-claimed')).toContainText('已领取');
  await expect(page.getByTestId('offer-code')).toHaveText(code ?? '');

  // The claim through the API again (a second tap from another tab): the same claim, nothing more.
  const again = await page.evaluate(async () => {
    const res = await fetch('/bmcs/api/offer/claim?corpId=demo', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-campaign-client': 'h5' },
      body: JSON.stringify({ actId: 'newcust-spring' }),
    });
    return res.json();
  });
  expect(again).toMatchObject({ code: 0, data: { replayed: true, claim: { couponCode: code } } });

  await page.goto('/newPrizeList?corpId=demo');
  await expect(page.getByText('20元新客立减券').first()).toBeVisible();

  // The new-user offer of the same customer (first use during the offer).
  await page.goto(NEW_USER);
  await expect(page.getByRole('heading', { name: '首次使用有礼' })).toBeVisible();
  await expect(page.getByTestId('offer-claim')).toBeEnabled();
  await settle(page);
  await snap(page, 'new-user-offer');
});

test('an inviter shares; the invitee opens the link in a fresh context, logs in, shows in the inviter’s successful invites and moves the inviter’s season task, points and rank', async ({
  page,
  browser,
}) => {
  // Before sharing: the inviter's season standing (signed in today, so on the board) and invite task.
  await loginTo(page, SEASON);
  const points = page.getByTestId('season-points');
  const rank = page.getByTestId('season-rank');
  await expect(points).toHaveText('0');
  await page.getByTestId('season-signin').click();
  await expect(points).toHaveText('10');
  await expect(rank).toHaveText(/^#\d+$/);
  const rankBefore = Number((await rank.textContent())?.slice(1));
  await page.goto(SEASON_TASKS);
  const inviteTask = page
    .getByTestId('season-tasks')
    .locator('li')
    .filter({ has: page.getByTestId('season-task-invite') });
  await expect(inviteTask).toContainText('已邀请 0 位');

  await page.goto(SHARE);
  await expect(page.getByTestId('invite-qr')).toBeVisible();
  await expect(page.getByTestId('invite-total')).toHaveText('0');
  await expect
    .poll(() => page.getByTestId('invite-qr').evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  const link = await page.getByTestId('invite-link').inputValue();
  expect(link).toMatch(/\/newCustomers\?corpId=demo&actId=newcust-spring&invite=[\w-]+\.[\w-]+$/);
  await settle(page);
  await snap(page, 'new-customers-share');

  const context = await browser.newContext({
    viewport: { width: 375, height: 812 },
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
  });
  const invitee = await context.newPage();
  await invitee.goto(link);
  await expect(invitee.getByTestId('growth-login')).toBeVisible();
  await settle(invitee);
  await snap(invitee, 'new-customers-invitee-login');
  await invitee.getByRole('button', { name: '登录领取' }).click();
  await expect(invitee).toHaveURL(/\/login\?/);
  const mobile = `138${String(Date.now() % 1e8).padStart(8, '0')}`;
  await signIn(invitee, mobile);
  await expect.poll(() => new URL(invitee.url()).pathname).toBe('/newCustomers');
  expect(new URL(invitee.url()).searchParams.get('invite')).toBeTruthy();
  await expect(invitee.getByTestId('invite-note')).toContainText('已接受好友邀请');
  await expect(invitee.getByTestId('offer-claim')).toBeEnabled();
  await settle(invitee);
  await snap(invitee, 'new-customers-invited');
  await context.close();

  await page.reload();
  await expect(page.getByTestId('invite-total')).toHaveText('1');
  await expect(page.getByTestId('invite-list')).toContainText(`${mobile.slice(0, 3)}****${mobile.slice(-4)}`);
  await expect(page.getByTestId('invite-today')).toContainText('1/5');
  await settle(page);
  await snap(page, 'new-customers-share-invited');

  // The counted invite credited the inviter's season invite task: +50 points, a rank no worse.
  await page.goto(SEASON_TASKS);
  await expect(inviteTask).toContainText('已邀请 1 位');
  await inviteTask.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await settle(page);
  await snap(page, 'season-tasks-invited');
  await page.goto(SEASON);
  await expect(points).toHaveText('60');
  await expect(rank).toHaveText(/^#\d+$/);
  const rankAfter = Number((await rank.textContent())?.slice(1));
  expect(rankAfter).toBeLessThanOrEqual(rankBefore);
  await settle(page);
  await snap(page, 'season-home-invited');
});

test('a corp off the white list meets the designed not-eligible state, with a way home', async ({ page }) => {
  const target = '/newCustomers?corpId=demo-branch&actId=newcust-branch';
  await page.goto(`/login?corpId=demo-branch&redirect=${encodeURIComponent(target)}`);
  await signIn(page, uniqueMobile());
  await expect.poll(() => new URL(page.url()).pathname).toBe('/newCustomers');
  const state = page.getByTestId('growth-state');
  await expect(state).toHaveAttribute('data-reason', 'corp');
  await expect(state).toContainText('本活动暂未向您所在的机构开放');
  await expect(page.locator('.adm-toast-mask')).toHaveCount(0);
  await settle(page);
  await snap(page, 'new-customers-not-eligible');

  await page.goto('/newCustomersShare?corpId=demo-branch&actId=newcust-branch');
  await expect(page.getByTestId('growth-state')).toHaveAttribute('data-reason', 'corp');
  await settle(page);
  await snap(page, 'new-customers-share-not-eligible');
  await page.waitForTimeout(DEBOUNCE_GAP);
  await page.getByTestId('growth-home').click();
  await expect(page).toHaveURL(/\/activityPark\?corpId=demo-branch/);
});
