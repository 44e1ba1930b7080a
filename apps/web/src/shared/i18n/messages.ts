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
  'park.type.ranking': '排位赛',
  'v2.heading': '新春活动',
  'v2.games': '活动玩法',
  'prizes.heading': '我的奖品',
  'prizes.all': '全部',
  'prizes.issued': '待使用',
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
  'prizes.confirmTitle': '确认使用该奖品？',
  'prizes.confirmDesc': '确认后「{prize}」将标记为已使用，且无法撤销。',
  'prizes.confirm': '确认使用',
  'prizes.cancel': '暂不使用',
  'rules.details': '活动说明',
  'rules.algorithmName': 'HMAC-SHA256 种子抽取（可复核）',
  'rules.algorithmSpec': '查看技术说明（英文）',
  'rules.locked': '首抽不可中',
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
  'act.address.fill': '去填写收货地址',
  'act.address.window': '请在 {days} 天内填写收货地址，逾期视为放弃',
  'prizes.fillAddress': '填写地址',
  'prizes.viewOrder': '查看订单',
  'order.title': '确认订单',
  'order.listTitle': '我的订单',
  'order.sub': '实物奖品包邮到家',
  'order.value': '价值 {value}',
  'order.address': '收货地址',
  'order.changeAddress': '更换',
  'order.addAddress': '添加收货地址',
  'order.pickAddress': '选择收货地址',
  'order.window': '请于 {at} 前确认地址（中奖后 {days} 天内），逾期订单失效',
  'order.windowDays': '请在中奖后 {days} 天内确认地址，逾期订单失效',
  'order.daysLeft': '剩余 {n} 天',
  'order.confirm': '确认收货地址',
  'order.confirmTitle': '确认寄往此地址？',
  'order.confirmNote': '确认后本订单的收货地址不可再修改',
  'order.confirmOk': '确认',
  'order.back': '再看看',
  'order.confirmed': '订单已确认，奖品即将发出',
  'order.progress': '订单进度',
  'order.step.won': '中奖',
  'order.step.confirmed': '已确认地址',
  'order.step.shipped': '已发货',
  'order.step.delivered': '已签收',
  'order.tracking': '快递单号',
  'order.shipTo': '寄送至',
  'order.number': '订单号',
  'order.wonAt': '中奖时间',
  'order.none': '还没有订单',
  'order.noneDesc': '抽中实物奖品后，订单会出现在这里',
  'order.notFound': '订单不存在',
  'order.state.awaiting_address': '待填地址',
  'order.state.confirmed': '待发货',
  'order.state.shipped': '已发货',
  'order.state.delivered': '已签收',
  'order.state.expired': '已失效',
  'order.state.closed': '已关闭',
  'order.state.paid': '已支付',
  'order.state.payment_failed': '支付失败',
  'order.state.refunded': '已退款',
  'order.desc.awaiting_address': '请在 {days} 天内确认收货地址，我们将尽快为您寄出',
  'order.desc.confirmed': '地址已确认，奖品正在打包',
  'order.desc.shipped': '奖品已发出，请留意快递信息',
  'order.desc.delivered': '奖品已签收，祝您生活愉快',
  'order.desc.expired': '未在 {days} 天内填写地址，奖品已失效',
  'order.desc.closed': '订单已关闭，如有疑问请联系客服',
  'order.desc.paid': '支付成功，奖品即将发出',
  'order.desc.payment_failed': '支付未成功，未扣款',
  'order.desc.refunded': '款项已原路退回',
  'coupon.title': '我的券',
  'coupon.sub': '到店出示二维码即可使用',
  'coupon.wechatSub': '出示券码或二维码即可使用',
  'coupon.state.unused': '未使用',
  'coupon.state.used': '已使用',
  'coupon.state.expired': '已过期',
  'coupon.goods': '好物',
  'coupon.ticket': '券',
  'coupon.validUntil': '有效期至 {at}',
  'coupon.noEnd': '长期有效',
  'coupon.usedAt': '{at} 已使用',
  'coupon.expiredHint': '已超过有效期',
  'coupon.daysLeft': '{n} 天后过期',
  'coupon.show': '出示',
  'coupon.view': '查看',
  'coupon.openLabel': '出示 {name} 的二维码',
  'coupon.qrAlt': '券码 {code} 的二维码',
  'coupon.showAtStore': '请向店员出示二维码，核销后点击下方按钮',
  'coupon.markUsed': '店员已核销，确认使用',
  'coupon.usedDone': '已使用',
  'coupon.empty.unused': '没有可用的券',
  'coupon.empty.used': '没有已使用的券',
  'coupon.empty.expired': '没有过期的券',
  'coupon.emptyDesc': '参与活动赢取更多好券',
  'coupon.retryDesc': '网络不给力，请稍后重试',
  'coupon.goodsEmpty': '还没有获得好物',
  'coupon.goodsEmptyDesc': '抽中的奖品会按类别出现在这里',
  'coupon.goodsCount': '共 {n} 件',
  'coupon.goodsLast': '最近 {at}',
  'coupon.kind.coupon': '优惠券',
  'coupon.kind.physical': '实物好礼',
  'coupon.kind.points': '积分',
  'coupon.loginTitle': '登录后查看您的券',
  'coupon.loginDesc': '券与您的账户绑定，登录后即可出示使用',
  'coupon.wechatLogin': '请在微信中重新打开',
  'coupon.wechatLoginDesc': '暂时无法确认您的身份，请从公众号菜单重新进入',
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
  'coupon.stores': '查看可核销门店 ›',
  // stores:end
  // Staff and approvals (docs/decisions/0320-staff-roles.md, 0321-approvals.md).
  'title.oatodo': '审批待办',
  'title.approve': '审批',
  'staff.loginTitle': '工作人员登录',
  'staff.loginDesc': '请从行内 App 打开，或粘贴工作人员登录凭证',
  'staff.ticket': '工作人员凭证',
  'staff.ticketHint': '由行内 App 签发的工作人员凭证',
  'staff.login': '登录',
  'staff.role.clerk': '门店店员',
  'staff.role.approver': '审批人',
  'staff.role.operator': '运营',
  'prizes.pendingApproval': '审核中',
  'prizes.declined': '未通过审核',
  'prizes.pendingDesc': '奖品价值较高，正在审核，通过后即可领取',
  'prizes.declinedDesc': '很抱歉，该奖品未通过审核，如有疑问请联系客服',
  'prizes.expired': '已过期',
  'prizes.tab.action': '待处理',
  'prizes.tab.progress': '进行中',
  'prizes.tab.ended': '已结束',
  'order.paidAt': '支付时间',
  'order.paidAmount': '实付金额',
  'order.paymentNo': '支付单号',
  'order.refundedAt': '退款时间',
  'order.paymentFailedAt': '支付失败时间',
  // gaps:end
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
