import type { ComponentType } from 'react';
import type { MessageKey } from '../shared/i18n/messages';

/**
 * The route table (spec §2). One line per route: path, lazily loaded screen, title, keep-alive flag.
 * A route enters the table together with its screen; there are no placeholder screens.
 *
 * Keep-alive: a visited screen keeps its state (React <Activity>) unless `keepAlive: false`.
 * The spec's exclusion list — set `keepAlive: false` on these when they are added:
 *   address add/edit and list (/addAddress, /editAddress/:addNo, /addressList), order confirm (/orderConfirm),
 *   lijian detail and rule (/lijianDetail, /lijianUseRule), blind box (/blindBox), draw (/upStdDraw),
 *   scratch play (/scratchPlayShare), auth page (/authPage), coupon index (/coupon), new user (/newUser),
 *   visit shop (/visitShop…), blue scratch (/bluescratch), common activity (/commonActivity),
 *   activity park (/activityPark), prize list (/newPrizeList, /pro1/prizeList), store and map
 *   (/lottStore, /lottStore/mapNavigation).
 */
export interface AppRoute {
  path: string;
  /** Loads the screen component; every screen is its own chunk. */
  screen: () => Promise<ComponentType>;
  /** A catalogue key (translated) or literal text; no title = empty document title. */
  title?: MessageKey | (string & {});
  keepAlive: boolean;
}

/** `lazyScreen(() => import('…/x-screen'), 'XScreen')`: picks a named export as the screen. */
export function lazyScreen<M, K extends keyof M>(load: () => Promise<M>, name: K): () => Promise<ComponentType> {
  return async () => {
    const mod = await load();
    const component = mod[name];
    if (typeof component !== 'function') throw new Error(`screen export ${String(name)} is not a component`);
    return component as ComponentType;
  };
}

/** Shown at any route reached without a corpId (the URL stays): a designed page, not a failing request. */
export const MISSING_CORP_ROUTE: AppRoute = {
  path: '/*',
  screen: lazyScreen(() => import('../features/not-found/missing-corp-screen'), 'MissingCorpScreen'),
  title: 'corp.missingTitle',
  keepAlive: false,
};

/** Every screen needs the corp; /404 and the staff counter's host-app entry stand alone. */
export function withoutCorp(url: URL, route: AppRoute, corpId: (search: string) => string | null): AppRoute | null {
  if (route.path === '/404' || corpId(url.search)) return null;
  return MISSING_CORP_ROUTE;
}

// biome-ignore format: one line per route keeps the table readable and additions one-line diffs
export const ROUTES: readonly AppRoute[] = [
  { path: '/login', screen: lazyScreen(() => import('../features/login/login-screen'), 'LoginScreen'), title: 'title.login', keepAlive: true },
  { path: '/authPage', screen: lazyScreen(() => import('../features/auth-page/auth-page-screen'), 'AuthPageScreen'), title: 'title.authPage', keepAlive: false },
  { path: '/miniAppEntry', screen: lazyScreen(() => import('../features/mini-app-entry/mini-app-entry-screen'), 'MiniAppEntryScreen'), title: 'title.miniAppEntry', keepAlive: false },
  { path: '/upStdDraw', screen: lazyScreen(() => import('../features/activity/screens/draw-screen'), 'DrawScreen'), title: 'title.upStdDraw', keepAlive: false },
  { path: '/bluescratch', screen: lazyScreen(() => import('../features/activity/screens/scratch-screen'), 'BlueScratchScreen'), title: 'title.bluescratch', keepAlive: false },
  { path: '/scratchPlayShare', screen: lazyScreen(() => import('../features/activity/screens/scratch-screen'), 'ScratchPlayShareScreen'), title: 'title.scratchPlayShare', keepAlive: false },
  { path: '/blindBox', screen: lazyScreen(() => import('../features/activity/screens/blind-box-screen'), 'BlindBoxScreen'), title: 'title.blindBox', keepAlive: false },
  { path: '/commonActivity', screen: lazyScreen(() => import('../features/activity/screens/common-activity-screen'), 'CommonActivityScreen'), title: 'title.commonActivity', keepAlive: false },
  { path: '/commonLandPage', screen: lazyScreen(() => import('../features/activity/screens/common-activity-screen'), 'CommonLandPageScreen'), title: 'title.commonLandPage', keepAlive: true },
  { path: '/commonActivityShare', screen: lazyScreen(() => import('../features/activity/screens/common-activity-screen'), 'CommonActivityShareScreen'), title: 'title.commonActivityShare', keepAlive: true },
  { path: '/commonRules', screen: lazyScreen(() => import('../features/activity/screens/rules-screen'), 'RulesScreen'), title: 'title.commonRules', keepAlive: true },
  { path: '/rules', screen: lazyScreen(() => import('../features/activity/screens/rules-screen'), 'RulesScreen'), title: 'title.rules', keepAlive: true },
  { path: '/rules2', screen: lazyScreen(() => import('../features/activity/screens/rules-screen'), 'RulesScreen'), title: 'title.rules2', keepAlive: true },
  { path: '/activityPark', screen: lazyScreen(() => import('../features/activity/screens/activity-park-screen'), 'ActivityParkScreen'), title: 'title.activityPark', keepAlive: false },
  { path: '/v2/activity', screen: lazyScreen(() => import('../features/activity/screens/activity-v2-screen'), 'ActivityV2Screen'), title: 'title.activityV2', keepAlive: true },
  { path: '/newPrizeList', screen: lazyScreen(() => import('../features/activity/screens/prize-list-screen'), 'PrizeListScreen'), title: 'title.newPrizeList', keepAlive: false },
  { path: '/addressList', screen: lazyScreen(() => import('../features/addresses/screens/address-list-screen'), 'AddressListScreen'), title: 'title.addressList', keepAlive: false },
  { path: '/addAddress', screen: lazyScreen(() => import('../features/addresses/screens/address-form-screen'), 'AddAddressScreen'), title: 'title.addAddress', keepAlive: false },
  { path: '/editAddress/:addNo', screen: lazyScreen(() => import('../features/addresses/screens/address-form-screen'), 'EditAddressScreen'), title: 'title.editAddress', keepAlive: false },
  { path: '/orderConfirm', screen: lazyScreen(() => import('../features/orders/screens/order-confirm-screen'), 'OrderConfirmScreen'), title: 'title.orderConfirm', keepAlive: false },
  { path: '/coupon', screen: lazyScreen(() => import('../features/coupons/screens/coupon-screen'), 'CouponScreen'), title: 'title.coupon', keepAlive: false },
  { path: '/wechatCoupon', screen: lazyScreen(() => import('../features/coupons/screens/coupon-screen'), 'WechatCouponScreen'), title: 'title.wechatCoupon', keepAlive: false },
  { path: '/lijianUseRule', screen: lazyScreen(() => import('../features/discounts/screens/discount-rule-screen'), 'DiscountRuleScreen'), title: 'title.lijianUseRule', keepAlive: false },
  { path: '/lijianDetail', screen: lazyScreen(() => import('../features/discounts/screens/discount-detail-screen'), 'DiscountDetailScreen'), title: 'title.lijianDetail', keepAlive: false },
  { path: '/newCustomers', screen: lazyScreen(() => import('../features/growth/screens/offer-screen'), 'NewCustomersScreen'), title: 'title.newCustomers', keepAlive: true },
  { path: '/newCustomersShare', screen: lazyScreen(() => import('../features/growth/screens/share-screen'), 'NewCustomersShareScreen'), title: 'title.newCustomersShare', keepAlive: true },
  { path: '/newUser', screen: lazyScreen(() => import('../features/growth/screens/offer-screen'), 'NewUserScreen'), title: 'title.newUser', keepAlive: false },
  { path: '/pro1', screen: lazyScreen(() => import('../features/season/screens/season-home-screen'), 'SeasonHomeScreen'), title: 'title.pro1', keepAlive: true },
  { path: '/pro1/rank', screen: lazyScreen(() => import('../features/season/screens/season-rank-screen'), 'SeasonRankScreen'), title: 'title.pro1Rank', keepAlive: true },
  { path: '/pro1/task', screen: lazyScreen(() => import('../features/season/screens/season-task-screen'), 'SeasonTaskScreen'), title: 'title.pro1Task', keepAlive: true },
  { path: '/pro1/prizeList', screen: lazyScreen(() => import('../features/season/screens/season-prizes-screen'), 'SeasonPrizesScreen'), title: 'title.pro1PrizeList', keepAlive: false },
  { path: '/visitShop', screen: lazyScreen(() => import('../features/season/screens/visit-shop-screen'), 'VisitShopScreen'), title: 'title.visitShop', keepAlive: false },
  { path: '/visitShopShare', screen: lazyScreen(() => import('../features/season/screens/visit-shop-screen'), 'VisitShopShareScreen'), title: 'title.visitShopShare', keepAlive: false },
  { path: '/lottStore', screen: lazyScreen(() => import('../features/stores/screens/store-list-screen'), 'StoreListScreen'), title: 'title.lottStore', keepAlive: false },
  { path: '/lottStore/mapNavigation', screen: lazyScreen(() => import('../features/stores/screens/map-navigation-screen'), 'MapNavigationScreen'), title: 'title.mapNavigation', keepAlive: false },
  { path: '/oatodo', screen: lazyScreen(() => import('../features/approvals/screens/todo-screen'), 'TodoScreen'), title: 'title.oatodo', keepAlive: false },
  { path: '/approve', screen: lazyScreen(() => import('../features/approvals/screens/approve-screen'), 'ApproveScreen'), title: 'title.approve', keepAlive: false },
  { path: '/verify', screen: lazyScreen(() => import('../features/activity/screens/verify-screen'), 'VerifyScreen'), title: 'title.verify', keepAlive: false },
  { path: '/preview', screen: lazyScreen(() => import('../features/activity/screens/preview-screen'), 'PreviewScreen'), title: 'title.preview', keepAlive: false },
  { path: '/404', screen: lazyScreen(() => import('../features/not-found/not-found-screen'), 'NotFoundScreen'), title: 'title.notFound', keepAlive: true },
];
