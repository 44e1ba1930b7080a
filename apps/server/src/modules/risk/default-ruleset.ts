import type { RiskRule } from '@campaign/contract';

/** An account this young (minutes) is new to the bank: most farm accounts are, few honest customers are. */
const NEW_ACCOUNT_MIN = 7 * 24 * 60;

/**
 * The ruleset a bank starts from (issue 35): rules against prize farmers (羊毛党) over the feature catalogue
 * only (features.ts), each tried in shadow before it acts. Every rule needs a signal a household of honest
 * customers does not give: several accounts on one device, many accounts behind one address, a block of
 * virtual-carrier numbers, or a value on the bank's lists. A virtual number alone never matches (about one
 * customer in fifty has one). Thresholds are per day and per campaign; bench:farm measures what they stop.
 */
export const DEFAULT_RISK_RULES: RiskRule[] = [
  { id: 'listed_device', name: '设备在风险名单中', expr: 'listed.device', action: 'block' },
  { id: 'listed_phone', name: '手机号在风险名单中', expr: 'listed.phone', action: 'block' },
  // An address may be a carrier's shared exit: hold for review, never refuse outright.
  { id: 'listed_ip', name: 'IP 或网段在风险名单中', expr: 'listed.ip', action: 'hold' },
  // A family shares a tablet; five accounts on one device in a day is a device farm.
  { id: 'device_farm', name: '单设备一天五个以上账户', expr: 'device.accounts_1d >= 5', action: 'block' },
  {
    id: 'device_shared_new',
    name: '新账户所在设备一天三个以上账户',
    expr: `device.accounts_1d >= 3 && customer.age_min < ${NEW_ACCOUNT_MIN}`,
    action: 'hold',
  },
  {
    id: 'virtual_shared',
    name: '虚拟号段新账户与他人共用设备或地址',
    expr: `phone.virtual && customer.age_min < ${NEW_ACCOUNT_MIN} && (device.accounts_1d >= 2 || ip.accounts_1d >= 4)`,
    action: 'hold',
  },
  {
    id: 'virtual_block',
    name: '同一虚拟号段一天五个以上账户',
    expr: 'phone.virtual && phone.segment_accounts_1d >= 5',
    action: 'hold',
  },
  {
    id: 'ip_many_new',
    name: '同一 IP 一天二十个以上账户的新账户',
    expr: `ip.accounts_1d >= 20 && customer.age_min < ${NEW_ACCOUNT_MIN}`,
    action: 'hold',
  },
  { id: 'ip_farm', name: '同一 IP 一天五十个以上账户', expr: 'ip.accounts_1d >= 50', action: 'degrade' },
  {
    id: 'subnet_virtual',
    name: '同一网段一天百个以上账户的虚拟号段',
    expr: 'ip.subnet_accounts_1d >= 100 && phone.virtual',
    action: 'degrade',
  },
  { id: 'device_burst', name: '单设备一分钟内参与二十次以上', expr: 'device.draws_1m >= 20', action: 'degrade' },
  { id: 'customer_burst', name: '同一客户一分钟内参与十次以上', expr: 'customer.draws_1m >= 10', action: 'degrade' },
  {
    id: 'customer_velocity',
    name: '同一客户一小时内参与六十次以上',
    expr: 'customer.draws_1h >= 60 && !customer.fresh_otp',
    action: 'step_up',
  },
  {
    id: 'no_device_burst',
    name: '无设备标识且同一 IP 一分钟内参与三十次以上',
    expr: '!device.present && ip.draws_1m >= 30 && !customer.fresh_otp',
    action: 'step_up',
  },
];
