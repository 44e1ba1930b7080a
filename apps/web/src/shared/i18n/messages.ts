import { DEFAULT_LOCALE, type Locale } from '@campaign/contract';

/**
 * The one message catalogue (zh-CN default, en-US second). Every user-facing string of the shell
 * lives here; the en-US table must have exactly the same keys (checked by the type below).
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
} as const;

export type MessageKey = keyof typeof zhCN;

const enUS: Record<MessageKey, string> = {
  'app.brand': 'Fortune Life · Campaigns',
  'app.bank': 'Fortune Bank',
  'title.login': 'Log in',
  'title.authPage': 'Authorisation',
  'title.miniAppEntry': 'Opening',
  'title.notFound': 'Page not found',

  'request.failed': 'Request error, please try again later!',
  'request.expired': 'Your login status has expired, please try re-entering',
  'request.pageErrorPrefix': 'Page error: ',
  'request.loading': 'Loading…',
  'request.unknownStatus': 'Network error ({status})',
  'request.network': 'The network is unavailable, please check and retry',
  'request.badResponse': 'The service answered in an unexpected format',

  'status.200': 'The server returned the requested data.',
  'status.201': 'Created or updated successfully.',
  'status.202': 'The request was queued for background processing.',
  'status.204': 'Deleted successfully.',
  'status.400': 'The request was invalid; nothing was changed.',
  'status.401': 'Not authorised (token, user name or password is wrong).',
  'status.403': 'Authorised, but access is forbidden.',
  'status.404': 'The requested record does not exist.',
  'status.406': 'The requested format is not available.',
  'status.410': 'The resource was permanently deleted.',
  'status.422': 'A validation error occurred.',
  'status.500': 'The server had an error.',
  'status.502': 'Bad gateway.',
  'status.503': 'Service unavailable: the server is overloaded or under maintenance.',
  'status.504': 'Gateway timeout.',

  'login.heading': 'Log in with your phone',
  'login.welcome': 'Log in to join the campaign and win gifts',
  'login.mobile': 'Mobile',
  'login.mobilePlaceholder': 'Enter your 11-digit mobile number',
  'login.code': 'Code',
  'login.codePlaceholder': 'Enter the 6-digit code',
  'login.send': 'Get code',
  'login.resend': 'Resend',
  'login.countdown': 'Resend in {seconds}s',
  'login.submit': 'Log in',
  'login.mobileRequired': 'Please enter your mobile number',
  'login.mobileInvalid': 'This mobile number is not valid',
  'login.codeRequired': 'Please enter the code',
  'login.codeInvalid': 'The code has 6 digits',
  'login.sent': 'Code sent',
  'login.demoHint': 'Demo: the code is {code}',
  'login.agreement': 'By logging in you accept the Terms of Service and the Privacy Policy',
  'login.authLink': 'About authorisation',
  'login.loggedIn': 'You are logged in',
  'login.loggedInAs': 'Account {mobile}',
  'login.logout': 'Log out',
  'login.continue': 'Continue',
  'login.perk1': 'Daily draws',
  'login.perk2': 'Gift exchange',
  'login.perk3': 'Member perks',
  'login.secure': 'Bank-grade encryption · used for this campaign only',

  'auth.heading': 'Authorisation',
  'auth.intro': 'To send you campaign rewards, {brand} asks for:',
  'auth.profile': 'Your public profile',
  'auth.profileDesc': 'Nickname and avatar, shown masked in winner lists',
  'auth.phone': 'Your mobile number',
  'auth.phoneDesc': 'For prize delivery and in-store redemption only',
  'auth.openId': 'User id',
  'auth.openIdDesc': 'To recognise your entries in this campaign',
  'auth.terms': 'I have read and accept the data authorisation terms',
  'auth.termsRequired': 'Please read and accept the terms first',
  'auth.accept': 'Accept',
  'auth.decline': 'Not now',
  'auth.noticeTitle': 'How we protect your data',
  'auth.notice1': 'Data is encrypted in transit and at rest and used only during the campaign.',
  'auth.notice2': 'Within 30 days after the campaign, related data is deleted or anonymised.',
  'auth.notice3': 'You can withdraw consent at any time under Me › Settings › Privacy.',
  'auth.notice4': 'We never sell your personal data to third parties.',
  'auth.granted': 'Authorised',

  'miniApp.entering': 'Opening the campaign…',
  'miniApp.hint': 'One moment please',

  'notFound.heading': 'This page got lost',
  'notFound.desc': 'The page does not exist or the campaign has ended. Have a look at our other campaigns.',
  'notFound.back': 'Go back',
  'notFound.home': 'Home',

  'modal.close': 'Close',
};

export const MESSAGES: Record<Locale, Record<MessageKey, string>> = { 'zh-CN': zhCN, 'en-US': enUS };

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
  const template = MESSAGES[locale][key];
  if (!vars) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}
