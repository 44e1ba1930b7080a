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

  'request.failed': '请求错误，请稍后再试！',
  'request.expired': '登录状态已失效，请重新进入',
  'request.pageErrorPrefix': '页面错误：',
  'request.loading': '加载中…',
  'request.unknownStatus': '网络连接异常（{status}）',
  'request.network': '网络不给力，请检查网络后重试',
  'request.badResponse': '服务返回的数据格式有误',

  'status.200': '服务器成功返回请求的数据。',
  'status.201': '新建或修改数据成功。',
  'status.202': '一个请求已经进入后台排队（异步任务）。',
  'status.204': '删除数据成功。',
  'status.400': '发出的请求有错误，服务器没有进行新建或修改数据的操作。',
  'status.401': '用户没有权限（令牌、用户名、密码错误）。',
  'status.403': '用户得到授权，但是访问是被禁止的。',
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
  'act.kicker': '新春好礼',
  'act.drawShort': '抽奖',
  'act.drawNow': '立即抽奖',
  'act.loginFirst': '登录后参与',
  'act.loginToPlay': '登录后即可参与抽奖',
  'act.chancesLeft': '剩余{n}次',
  'act.chancesLeftLong': '您还有 {n} 次抽奖机会',
  'act.winnersTitle': '中奖播报',
  'act.winnersEmpty': '好运正在路上，快来成为第一位中奖者',
  'act.winnerRow': '恭喜 {who} 抽中 {prize}',
  'act.rules': '活动规则',
  'act.myPrizes': '我的奖品',
  'act.park': '更多活动',
  'act.morePark': '去看看其他活动',
  'act.footnote': '活动由招财银行提供，与设备厂商无关',
  'act.retry': '重新加载',
  'act.days': '天',
  'act.copy': '复制',
  'act.copied': '已复制到剪贴板',
  'act.copyFailed': '复制失败，请长按券码手动复制',
  'act.offlineToast': '网络不给力，请稍后再点一次，结果不会丢失',
  'act.state.loading': '好礼加载中',
  'act.state.loadingDesc': '正在为您准备活动，请稍候',
  'act.state.offline': '网络开小差了',
  'act.state.offlineDesc': '请检查网络连接后重新加载',
  'act.state.missing': '活动不存在',
  'act.state.missingDesc': '活动可能已下线，去看看其他精彩活动吧',
  'act.state.notStarted': '活动即将开始',
  'act.state.notStartedDesc': '距离活动开始还有',
  'act.state.ended': '活动已结束',
  'act.state.endedDesc': '感谢您的参与，更多好礼敬请期待',
  'act.state.paused': '活动暂停中',
  'act.state.pausedDesc': '活动正在维护，请稍后再来',
  'act.state.notEligible': '暂不符合参与条件',
  'act.state.notEligibleDesc': '本活动面向指定客户，看看其他活动吧',
  'act.state.noChances': '今日机会已用完',
  'act.state.noChancesDesc': '明天再来试试手气，好运不打烊',
  'act.state.soldOut': '奖品已抢光',
  'act.state.soldOutDesc': '本期奖品已全部送出，感谢您的关注',
  'act.result.won': '恭喜中奖',
  'act.result.thanksTitle': '差一点点',
  'act.result.code': '券码',
  'act.result.coupon': '优惠券已放入“我的奖品”',
  'act.result.points': '{points} 积分已存入您的账户',
  'act.result.thanks': '谢谢参与，好运马上就来',
  'act.result.again': '再来一次',
  'act.result.ok': '我知道了',
  'act.address.pending': '待填写收货地址',
  'act.address.soon': '收货地址填写功能即将开放，开放后可在“我的奖品”中填写，奖品为您保留',
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
  'rules.heading': '活动规则',
  'rules.odds': '奖品与中奖概率',
  'rules.prize': '奖品',
  'rules.count': '数量',
  'rules.probability': '概率',
  'rules.unlimited': '不限',
  'rules.unlock': '第 {n} 次起',
  'rules.oddsNote': '概率由奖品权重自动计算，为首次抽奖时的中奖概率',
  'rules.fairness': '公平性承诺',
  'rules.fairnessDesc':
    '活动发布时已公开服务器种子的 SHA-256 承诺值，每次抽奖结果由 HMAC-SHA256(种子, 用户:次数) 计算；活动结束后公布种子，任何人可复核全部结果。',
  'rules.commitment': '承诺值',
  'rules.seed': '已公布种子',
  'rules.seedHidden': '活动结束后公布',
  'rules.algorithm': '算法',
  'rules.version': '规则版本 v{version}',
  'rules.publishedAt': '发布于 {at}',
  'rules.window': '活动时间',
  'rules.back': '返回活动',
  'park.heading': '活动乐园',
  'park.desc': '精选活动天天有，好礼等你来',
  'park.live': '进行中',
  'park.scheduled': '即将开始',
  'park.paused': '暂停中',
  'park.ended': '已结束',
  'park.empty': '暂时没有进行中的活动',
  'park.until': '截止 {at}',
  'park.startsAt': '{at} 开始',
  'park.type.wheel': '大转盘',
  'park.type.grid': '九宫格',
  'park.type.scratch': '刮刮乐',
  'park.type.blindbox': '盲盒',
  'park.type.common': '每日好礼',
  'v2.heading': '新春活动',
  'v2.games': '活动玩法',
  'prizes.heading': '我的奖品',
  'prizes.all': '全部',
  'prizes.issued': '待使用',
  'prizes.awaiting': '待填地址',
  'prizes.exchanged': '已使用',
  'prizes.exchange': '立即使用',
  'prizes.exchangeDone': '兑换成功',
  'prizes.empty': '还没有奖品，去抽一把吧',
  'prizes.goPlay': '去抽奖',
  'prizes.wonAt': '{at} 获得',
  'prizes.points': '{points} 积分',
  // draw-games:end

  // way-home:start (issue 8 parts 3 and 5)
  'act.wheelLabel': '{title}，奖品有：{prizes}',
  'act.listSep': '、',
  'act.backToPark': '返回活动乐园',
  'act.copyCode': '复制券码',
  'act.result.wonLabel': '恭喜中奖：{prize}',
  'act.result.replayed': '您上次抽奖的结果',
  'auth.loginFirst': '请先登录，登录后即可完成授权',
  'park.myPrizes': '我的奖品',
  'park.myPrizesDesc': '查看券码、积分与实物奖品',
  'prizes.credited': '已到账',
  'prizes.done': '已使用/到账',
  'prizes.confirmTitle': '确认使用该奖品？',
  'prizes.confirmDesc': '确认后「{prize}」将标记为已使用，且无法撤销。',
  'prizes.confirm': '确认使用',
  'prizes.cancel': '暂不使用',
  'rules.details': '活动说明',
  'rules.algorithmName': 'HMAC-SHA256 种子抽取（可复核）',
  'rules.algorithmSpec': '查看技术说明（英文）',
  'rules.locked': '首抽不可中',
  // way-home:end
} as const;

export type MessageKey = keyof typeof zhCN;

/**
 * Loaded tables. zh-CN is built in; en-US is a separate chunk fetched by `loadLocale` so the second
 * language costs the first view nothing (bench/budgets.mjs).
 */
export const MESSAGES: Partial<Record<Locale, Record<MessageKey, string>>> & { 'zh-CN': Record<MessageKey, string> } = {
  'zh-CN': zhCN,
};

export function isMessageKey(value: string): value is MessageKey {
  return value in zhCN;
}

export async function loadLocale(locale: Locale): Promise<void> {
  if (MESSAGES[locale]) return;
  if (locale === 'en-US') MESSAGES['en-US'] = (await import('./messages-en-us')).enUS;
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

export function t(key: MessageKey, vars?: Record<string, string | number>, locale: Locale = current): string {
  const template = (MESSAGES[locale] ?? MESSAGES['zh-CN'])[key];
  if (!vars) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}
