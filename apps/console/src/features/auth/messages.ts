import { catalogue } from '../../shared/i18n';

export const messages = {
  'signIn.mark': '活',
  'signIn.point.separation': '制作与审批分离：提交人不能审批自己的变更',
  'signIn.point.audit': '每一次操作都记入防篡改的审计日志',
  'signIn.point.halt': '一键紧急停止本机构全部活动',
  'signIn.title': '登录控制台',
  'signIn.corp': '机构号',
  'signIn.corpHint': '请输入您所在机构的机构号，例如 demo',
  'signIn.corpContinue': '下一步',
  'signIn.corpUnknown': '未找到该机构，请核对机构号',
  'signIn.login': '登录名',
  'signIn.password': '密码',
  'signIn.totp': '动态验证码',
  'signIn.totpHint': '打开身份验证器 App，输入当前显示的 6 位数字',
  'signIn.submit': '登录',
  'signIn.sso': '使用行内统一认证登录',
  'signIn.or': '或使用本地账号',
  'signIn.switchCorp': '切换机构',
  'signIn.expired': '登录已失效，请重新登录',
  'signIn.signedOut': '您已安全退出',
  'signIn.security': '同一网络连续输错 5 次需等待 15 分钟；闲置 15 分钟自动退出。',
  'signIn.required.login': '请输入登录名',
  'signIn.required.password': '请输入密码',
  'signIn.required.totp': '请输入 6 位动态验证码',
  'sso.working': '正在完成统一认证登录…',
  'sso.failed': '统一认证登录未完成',
  'sso.back': '返回登录页',
} as const;

export const t = catalogue(messages);
