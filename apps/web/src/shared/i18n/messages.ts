import { DEFAULT_LOCALE, type Locale } from '@campaign/contract/client';

/**
 * The one message catalogue (zh-CN default, en-US second). Every user-facing string of the shell
 * lives here; the en-US table (messages-en-us.ts, loaded on demand) must have exactly the same keys
 * (its type requires them). These strings ship in the entry chunk: keep them short.
 */
const zhCN = {
  'app.brand': '招财生活 · 活动中心',
  'app.bank': '招财银行',
  'title.login': '登录',
  'title.authPage': '授权',
  'title.miniAppEntry': '正在进入',
  'title.notFound': '页面不存在',
  'corp.missingTitle': '链接不完整',

  // Punctuation around a text, as each language writes it.
  'text.labelled': '{label}：{value}',
  'text.withNote': '{text}（{note}）',
  'text.bookTitle': '《{title}》',
  'text.listSeparator': '、',

  'request.failed': '请求错误，请稍后再试！',
  'request.expired': '登录状态已失效，请重新进入',
  'request.pageErrorPrefix': '页面错误：',
  'request.loading': '加载中…',
  'request.unknownStatus': '网络连接异常（{status}）',
  'request.network': '网络不给力，请检查网络后重试',
  'request.badResponse': '服务返回的数据格式有误',
  'request.busy': '活动太火爆，请稍后再试',
  'chunk.title': '页面没能打开',
  'chunk.countdown': '活动太火爆或网络不稳定，{seconds} 秒后自动重试',
  'chunk.retrying': '正在重新打开…',
  'chunk.retry': '立即重试',

  'status.200': '服务器成功返回请求的数据。',
  'status.201': '新建或修改数据成功。',
  'status.202': '一个请求已经进入后台排队（异步任务）。',
  'status.204': '删除数据成功。',
  'status.400': '发出的请求有错误，服务器没有进行新建或修改数据的操作。',
  'status.401': '用户没有权限（令牌、用户名、密码错误）。',
  'status.403': '您没有权限查看此页面，如需访问请联系活动方。',
  'status.404': '发出的请求针对的是不存在的记录，服务器没有进行操作。',
  'status.406': '请求的格式不可得。',
  'status.410': '请求的资源被永久删除，且不会再得到的。',
  'status.422': '当创建一个对象时，发生一个验证错误。',
  'status.500': '服务器发生错误，请检查服务器。',
  'status.502': '网关错误。',
  'status.503': '服务不可用，服务器暂时过载或维护。',
  'status.504': '网关超时。',

  'login.heading': '手机号登录',
  'login.welcome': '登录参与活动，好礼等你来拿',
  'login.mobile': '手机号',
  'login.mobilePlaceholder': '请输入 11 位手机号',
  'login.code': '验证码',
  'login.codePlaceholder': '请输入 6 位验证码',
  'login.send': '获取验证码',
  'login.resend': '重新获取',
  'login.countdown': '{seconds}s 后重发',
  'login.submit': '登录',
  'login.mobileRequired': '请输入手机号',
  'login.mobileInvalid': '手机号格式不正确',
  'login.codeRequired': '请输入验证码',
  'login.codeInvalid': '验证码为 6 位数字',
  'login.sent': '验证码已发送',
  'login.demoHint': '演示环境：验证码为 {code}',
  'login.agreement': '登录即表示同意《用户服务协议》与《隐私政策》',
  'login.agreementPrefix': '登录即表示同意',
  'login.agreementAnd': '与',
  'login.docVersion': '版本 {version} · {at} 起生效',
  'login.authLink': '了解授权说明',
  'login.loggedIn': '您已登录',
  'login.loggedInAs': '当前账号 {mobile}',
  'login.logout': '退出登录',
  'login.continue': '继续参与活动',
  'login.perk1': '每日抽奖',
  'login.perk2': '好礼兑换',
  'login.perk3': '专属福利',
  'login.secure': '银行级安全加密 · 信息仅用于活动',
  'login.welcomeBack': '欢迎回来',
  'login.stepUpTitle': '短信验证',
  'login.stepUpDesc': '为保障活动公平，请用短信验证码确认是您本人，验证后回到活动继续参与',
  'login.redirecting': '登录成功，正在返回…',
  'login.stepsTitle': '三步领好礼',
  'login.step1': '登录账号',
  'login.step2': '参与活动',
  'login.step3': '领取奖品',

  'auth.heading': '授权提示',
  'auth.intro': '为了向您发放活动奖励，{brand}申请获取以下信息：',
  'auth.profile': '您的公开信息',
  'auth.profileDesc': '昵称、头像，用于展示中奖名单（已脱敏）',
  'auth.phone': '您的手机号',
  'auth.phoneDesc': '用于奖品发放与到店核销，不会用于其他用途',
  'auth.openId': '用户标识',
  'auth.openIdDesc': '用于识别您在本活动中的参与记录',
  'auth.terms': '我已阅读并同意《活动信息授权协议》',
  'auth.termsRequired': '请先阅读并勾选授权协议',
  'auth.accept': '同意授权',
  'auth.decline': '暂不授权',
  'auth.noticeTitle': '我们如何保护您的信息',
  'auth.notice1': '信息经加密传输与存储，仅在活动期间使用。',
  'auth.notice2': '活动结束后 30 天内，与活动相关的信息将被删除或匿名化。',
  'auth.notice3': '您可随时在“我的 - 设置 - 隐私”中撤回授权。',
  'auth.notice4': '我们不会向任何第三方出售您的个人信息。',
  'auth.granted': '授权成功',

  'miniApp.entering': '正在进入活动…',
  'miniApp.hint': '请稍候，马上就好',

  'notFound.heading': '页面走丢了',
  'notFound.desc': '您访问的页面不存在或活动已下线，去看看其他精彩活动吧',
  'notFound.back': '返回上一页',
  'notFound.home': '回到首页',

  'modal.close': '关闭',

  // draw-games:start (issue 4 screens)
  'title.upStdDraw': '幸运抽奖',
  'title.bluescratch': '刮刮乐',
  'title.scratchPlayShare': '刮刮乐',
  'title.blindBox': '新春盲盒',
  'title.commonActivity': '每日好礼',
  'title.commonLandPage': '活动专区',
  'title.commonActivityShare': '每日好礼',
  'title.commonRules': '活动规则',
  'title.rules': '活动规则',
  'title.rules2': '活动规则',
  'title.activityPark': '活动乐园',
  'title.activityV2': '新春活动',
  'title.newPrizeList': '我的奖品',
  'act.drawShort': '抽奖',
  'act.drawNow': '立即抽奖',
  'act.chancesLeft': '剩余{n}次',
  'act.myPrizes': '我的奖品',
  'act.retry': '重新加载',
  'when.today': '今天{time}',
  'when.tomorrow': '明天{time}',
  'when.date': '{month}月{day}日{time}',
  'act.copy': '复制',
  'act.copied': '已复制到剪贴板',
  'act.copyFailed': '复制失败，请长按券码手动复制',
  'act.offlineToast': '网络不给力，请稍后再点一次，结果不会丢失',
  'scratch.cover': '刮开有惊喜',
  'scratch.loginCover': '登录后刮奖',
  'scratch.waiting': '好运揭晓中…',
  'scratch.hint': '用手指刮开银色涂层，刮开一半即可揭晓',
  'scratch.revealAll': '一键刮开',
  'scratch.another': '再刮一张',
  'scratch.shareBadge': '好友分享',
  'blind.hint': '挑选一个心仪的盲盒，打开看看好运',
  'blind.again': '再开一次',
  'game.wheel.label': '幸运大转盘',
  'game.wheel.drawing': '抽奖中',
  'game.grid.drawing': '抽奖中…',
  'game.scratch.coverHint': '用手指刮开涂层',
  'game.blind.box': '盲盒{n}',
  'game.blind.boxPrize': '盲盒{n}：{prize}',
  'common.signin': '立即领取',
  'common.signedIn': '今日已领取',
  'common.dayTitle': '每日签到好礼',
  'common.landHeading': '新春活动专区',
  'common.landDesc': '签到领好礼，抽奖赢大奖',
  'common.go': '去参与',
  'common.shareBadge': '好友邀请您一起领好礼',
  'v2.heading': '新春活动',
  'v2.games': '活动玩法',
  'prizes.goPlay': '去抽奖',
  // draw-games:end

  // way-home:start (issue 8 parts 3 and 5)
  'act.backToPark': '返回活动乐园',
  'auth.loginFirst': '请先登录，登录后即可完成授权',
  'prizes.confirm': '确认使用',
  'prizes.cancel': '暂不使用',
  // way-home:end
  // prizes-reach:start (issue 9 screens)
  'title.addressList': '收货地址',
  'title.addAddress': '新增收货地址',
  'title.editAddress': '编辑收货地址',
  'title.orderConfirm': '确认订单',
  'title.coupon': '我的券',
  'title.wechatCoupon': '我的券',
  'title.lijianUseRule': '立减规则',
  'title.lijianDetail': '立减优惠',
  'sub.back': '返回',
  'sub.loadFailed': '加载失败',
  'order.state.awaiting_address': '待填地址',
  'order.state.confirmed': '待发货',
  'order.state.shipped': '已发货',
  'order.state.delivered': '已签收',
  'order.state.expired': '已失效',
  'order.state.closed': '已关闭',
  'order.state.paid': '已支付',
  'order.state.payment_failed': '支付失败',
  'order.state.refunded': '已退款',
  'coupon.state.unused': '未使用',
  'coupon.state.used': '已使用',
  'coupon.state.expired': '已过期',
  'coupon.state.pending': '审核中',
  'coupon.state.declined': '未通过审核',
  'coupon.validUntil': '有效期至 {at}',
  // prizes-reach:end
  // growth:start
  'title.newCustomers': '新客专享',
  'title.newCustomersShare': '邀请好友',
  'title.newUser': '新人礼',
  'growth.newCustomerTag': '新客专享',
  'growth.newUserTag': '首次使用专享',
  // growth:end
  // season:start (issue 10 part 2: the ranking season)
  'title.pro1': '积分排位赛',
  'title.pro1Rank': '排行榜',
  'title.pro1Task': '赛季任务',
  'title.pro1PrizeList': '赛季奖品',
  'title.visitShop': '逛积分商城',
  'title.visitShopShare': '积分商城',
  // season:end
  // stores:start
  'title.lottStore': '核销门店',
  'title.mapNavigation': '门店导航',
  'coupon.redeemed': '已核销',
  // stores:end
  // Staff and approvals (docs/decisions/0320-staff-roles.md, 0321-approvals.md).
  'title.oatodo': '审批待办',
  'title.approve': '审批',
  'title.verify': '抽奖公平性验证',
  'title.preview': '活动预览',
  'staff.loginTitle': '工作人员登录',
  'staff.loginDesc': '请从行内 App 打开，或粘贴工作人员登录凭证',
  'staff.ticket': '工作人员凭证',
  'staff.ticketHint': '由行内 App 签发的工作人员凭证',
  'staff.login': '登录',
  'staff.role.clerk': '门店店员',
  'staff.role.approver': '审批人',
  'staff.role.operator': '运营',
  'staff.role.auditor': '审计',
  'staff.role.admin': '管理员',
  // gaps:end
} as const;

export type MessageKey = keyof typeof zhCN;

/**
 * Loaded tables. zh-CN is built in; en-US is a separate chunk fetched by `loadLocale` (load-locale.ts) so the second
 * language costs the first view nothing (bench/budgets.mjs).
 */
export const MESSAGES: Partial<Record<Locale, Record<MessageKey, string>>> & { 'zh-CN': Record<MessageKey, string> } = {
  'zh-CN': zhCN,
};

export function isMessageKey(value: string): value is MessageKey {
  return value in zhCN;
}

const LOCALE_STORAGE_KEY = 'CAMPAIGN_LOCALE';

/** zh-CN unless `?lang=en-US` (remembered for the tab) asks otherwise; docs/decisions/0104-locale.md. */
export function detectLocale(search: string = typeof location === 'undefined' ? '' : location.search): Locale {
  const fromQuery = new URLSearchParams(search).get('lang');
  const stored = typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(LOCALE_STORAGE_KEY);
  const wanted = fromQuery ?? stored;
  const locale: Locale = wanted?.toLowerCase().startsWith('en') ? 'en-US' : DEFAULT_LOCALE;
  if (fromQuery && typeof sessionStorage !== 'undefined') sessionStorage.setItem(LOCALE_STORAGE_KEY, locale);
  return locale;
}

let current: Locale = detectLocale();

export function currentLocale(): Locale {
  return current;
}

export function setLocale(locale: Locale): void {
  current = locale;
}

function fill(template: string, vars?: Record<string, string | number>): string {
  if (!vars) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

export function t(key: MessageKey, vars?: Record<string, string | number>, locale: Locale = current): string {
  return fill((MESSAGES[locale] ?? MESSAGES['zh-CN'])[key], vars);
}

/**
 * A feature's own strings, shipped in its lazy chunk with both languages (so they cost the first view of
 * /login and the games nothing, and need no second fetch). The returned `t` answers the feature's keys and
 * every key of this catalogue. docs/decisions/0142-messages-per-feature.md.
 */
export function featureMessages<K extends string>(zh: Readonly<Record<K, string>>, en: Readonly<Record<K, string>>) {
  const own = (key: string): key is K => Object.hasOwn(zh, key);
  return (key: K | MessageKey, vars?: Record<string, string | number>, locale: Locale = current): string =>
    own(key) ? fill((locale === 'en-US' ? en : zh)[key], vars) : t(key, vars, locale);
}
