import { expect, test } from '@playwright/test';
import { settle, snap } from './helpers';

test('a customer finds the nearest store (browser location) and opens navigation', async ({ page, context }) => {
  // Near the Bund, Shanghai, as a phone's GPS reports it (WGS-84).
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: 31.2436, longitude: 121.4856 });
  await page.goto('/lottStore?corpId=demo&actId=grid-lucky');
  const cards = page.getByTestId('store-card');
  await expect(cards).toHaveCount(7);
  // Without a location: no distances; the location is asked for only on a tap.
  await expect(page.getByTestId('store-distance')).toHaveCount(0);
  await expect(page.getByTestId('store-locate')).toHaveAttribute('data-state', 'idle');
  await settle(page);
  await snap(page, 'stores-list');

  await page.getByRole('button', { name: '使用我的位置' }).click();
  await expect(page.getByTestId('store-locate')).toHaveAttribute('data-state', 'done');
  await expect(cards.first()).toHaveAttribute('data-store', 'sh-lujiazui');
  await expect(cards.nth(1)).toHaveAttribute('data-store', 'sh-renmin');
  await expect(cards.first().getByTestId('store-distance')).toHaveText(/^\d\.\d km$|^\d+0 m$/);
  await expect(cards.first().getByRole('link', { name: /电话/ })).toHaveAttribute('href', 'tel:02168880101');
  await expect(cards.first()).toContainText(/营业中|已打烊/);
  await settle(page);
  await snap(page, 'stores-list-nearest');

  // City filter and search.
  await page.getByRole('button', { name: /^北京市/ }).click();
  await expect(cards).toHaveCount(2);
  await page.getByTestId('store-search').fill('西单');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toHaveAttribute('data-store', 'bj-xidan');
  await page.getByTestId('store-search').fill('');
  await page.getByRole('button', { name: '全部城市' }).click();
  await expect(cards).toHaveCount(7);

  await cards.first().getByTestId('store-navigate').click();
  await expect(page).toHaveURL(/\/lottStore\/mapNavigation\?listId=spring-redeem&storeId=sh-lujiazui/);
  const detail = page.getByTestId('store-detail');
  await expect(detail).toContainText('陆家嘴支行');
  await expect(detail).toContainText('周一至周五');
  // No map provider in the demo: the designed schematic with the nearby stores, never a blank box.
  await expect(page.getByTestId('store-schematic')).toBeVisible();
  await expect(page.getByTestId('store-schematic')).toContainText('人民广场支行');
  await expect(page.getByTestId('store-map')).toHaveCount(0);
  // Each map app gets the point in its own system: GCJ-02 for Amap, BD-09 for Baidu.
  await expect(page.getByTestId('nav-amap')).toHaveAttribute('href', /to=121\.504957,31\.239747,/);
  await expect(page.getByTestId('nav-baidu')).toHaveAttribute('href', /latlng:31\.24\d+,121\.51\d+/);
  await expect(page.getByTestId('nav-apple')).toHaveAttribute('href', /daddr=31\.239747,121\.504957/);
  await settle(page);
  await snap(page, 'stores-map-fallback');
  // Leaflet is not loaded without a tile source.
  const leaflet = await page.evaluate(() =>
    performance.getEntriesByType('resource').some((e) => /leaflet/i.test(e.name)),
  );
  expect(leaflet).toBe(false);
});
