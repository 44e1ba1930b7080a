import { catalogue } from '../../shared/i18n';

export const messages = {
  'settings.title': '机构设置',
  'settings.subtitle': '审批规则与紧急停止对本机构全部活动生效，每次修改都会记入审计日志。',
  'settings.policy.title': '审批规则',
  'settings.policy.desc': '活动上线与修订需要不同于提交人的审批人通过。本机构当前在岗审批人 {m} 名。',
  'settings.policy.required': '常规需要审批人数',
  'settings.policy.people': '人',
  'settings.policy.above': '预算超过一定金额时需要更多审批人',
  'settings.policy.budget': '预算超过（元）',
  'settings.policy.aboveRequired': '需要审批人数',
  'settings.policy.summary': '常规 {n} 人审批',
  'settings.policy.summaryAbove': '；预算超过 {budget} 时 {n} 人审批',
  'settings.policy.updated': '最近由 {name} 于 {time} 修改',
  'settings.kill.title': '紧急停止',
  'settings.kill.desc':
    '开启后，本机构全部活动立即暂停：抽奖、领取与任务均不再受理（各节点 2 秒内生效），客户看到“活动暂停中”。已中奖品的领取与核销不受影响。',
  'settings.kill.descHalted':
    '恢复后，各节点 2 秒内重新受理抽奖、领取与任务；停止期间客户看到“活动暂停中，请稍后再来”。已中奖品的领取与核销一直照常。',
  'settings.kill.running': '全部活动正常运行',
  'settings.kill.halted': '全部活动已紧急停止',
  'settings.kill.resumedBy': '最近由 {name} 于 {time} 恢复',
  'settings.kill.stop': '紧急停止全部活动',
  'settings.kill.resume': '恢复全部活动',
  'settings.kill.reason': '停止原因',
  'settings.kill.reasonHint': '例如：奖品供应商故障，暂停全部活动',
  'settings.kill.confirm': '请输入机构号 {corp} 以确认',
  'settings.kill.stopTitle': '确认紧急停止 {corp} 的全部活动？',
  'settings.kill.resumeTitle': '确认恢复 {corp} 的全部活动？',
  'settings.sso.title': '统一认证（单点登录）',
  'settings.sso.on': '已接入行内统一认证，人员可使用行内账号登录；岗位以本控制台的人员名单为准。',
  'settings.sso.off': '未接入统一认证：人员使用本地账号（密码 + 动态口令）登录。',
  'settings.sso.issuer': '认证服务地址',
  'settings.sso.client': '客户端编号',
  'settings.sso.how': '统一认证在活动定义文件的 corps[].sso 中配置，密钥通过环境变量提供。',
} as const;

export const t = catalogue(messages);
