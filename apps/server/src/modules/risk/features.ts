/**
 * The features a risk rule can read (issue 35, ADR 0059): named, typed, counted across every node (the
 * counters of platform/risk-counters.ts). Each group is a CEL variable; a count is an `int`.
 */
export interface FeatureDoc {
  name: string;
  type: 'int' | 'bool' | 'string';
  label: string;
}

export const FEATURES = {
  customer: {
    draws_1m: ['int', '该客户 1 分钟内的参与次数'],
    draws_1h: ['int', '该客户 1 小时内的参与次数'],
    draws_1d: ['int', '该客户 1 天内的参与次数'],
    draws_7d: ['int', '该客户 7 天内的参与次数'],
    draws_30d: ['int', '该客户 30 天内的参与次数'],
    age_min: ['int', '注册至今的分钟数'],
    first_draw_min: ['int', '注册到首次参与的分钟数（注册时间未知为 -1）'],
    draws_before_win: ['int', '首次中奖前的参与次数（尚未中奖则为 30 天内此前的参与次数）'],
    same_second_pct: ['int', '1 天内的参与中，与同网段他人在同一秒发生的占比（%）'],
    invite_depth: ['int', '在邀请链中的层级（未受邀为 0）'],
    invited_to_draw_min: ['int', '接受邀请到首次参与的分钟数（未受邀为 -1）'],
    fresh_otp: ['bool', '10 分钟内刚用短信验证码登录'],
    consent: ['bool', '已同意使用设备标识'],
  },
  device: {
    present: ['bool', '带有设备标识'],
    draws_1m: ['int', '该设备 1 分钟内的参与次数'],
    draws_1h: ['int', '该设备 1 小时内的参与次数'],
    accounts_1d: ['int', '该设备 1 天内参与的账户数'],
    accounts_30d: ['int', '该设备 30 天内参与的账户数'],
  },
  ip: {
    draws_1m: ['int', '该 IP 1 分钟内的参与次数'],
    network_draws_1s: ['int', '同一网段在这一秒内的参与次数'],
    accounts_1d: ['int', '该 IP 1 天内参与的账户数'],
    accounts_30d: ['int', '该 IP 30 天内参与的账户数'],
    subnet_accounts_1d: ['int', '同一网段（IPv4 /24、IPv6 /64）1 天内参与的账户数'],
  },
  phone: {
    virtual: ['bool', '虚拟运营商号段（170/171/162/165/167）'],
    segment: ['string', '手机号前三位'],
    segment_accounts_1d: ['int', '同一号段（前七位）1 天内参与的账户数'],
  },
  invite: {
    present: ['bool', '本次为接受邀请'],
    depth: ['int', '受邀后在邀请链中的层级（邀请人的层级加 1）'],
    parent_invitees_1h: ['int', '邀请人 1 小时内邀请成功的人数'],
    parent_invitees_1d: ['int', '邀请人 1 天内邀请成功的人数'],
    parent_invitees_30d: ['int', '邀请人 30 天内邀请成功的人数'],
    same_network: ['bool', '受邀人与邀请人在同一网段'],
    same_device: ['bool', '受邀人与邀请人使用同一设备'],
    parent_shared_pct: ['int', '邀请人 1 天内的受邀人中与其同网段或同设备的占比（%）'],
    parent_listed: ['bool', '邀请人的邀请码在风险名单中'],
  },
  listed: {
    phone: ['bool', '手机号在风险名单中'],
    device: ['bool', '设备在风险名单中'],
    ip: ['bool', 'IP 或其网段在风险名单中'],
  },
} as const satisfies Record<string, Record<string, readonly ['int' | 'bool' | 'string', string]>>;

export type FeatureGroup = keyof typeof FEATURES;

/** The catalogue the console shows beside the rule editor. */
export const FEATURE_DOCS: FeatureDoc[] = Object.entries(FEATURES).flatMap(([group, fields]) =>
  Object.entries(fields).map(([name, [type, label]]) => ({ name: `${group}.${name}`, type, label })),
);

/** Virtual-carrier (虚拟运营商) number ranges, a built-in list. */
export const VIRTUAL_SEGMENTS = ['170', '171', '162', '165', '167'];

/** What one decision's features are, as plain values (ints as numbers; cel.ts makes them CEL ints). */
export type Features = { [G in FeatureGroup]: { [F in keyof (typeof FEATURES)[G]]: number | boolean | string } };
