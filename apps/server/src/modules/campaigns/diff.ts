import type { CampaignChange, CampaignDraft } from '@campaign/contract';

// The approver's diff: the working draft against what is live, leaf by leaf, with Chinese labels. Lists of
// things with an id (prizes, tasks, stores, staff) are matched by id, so a re-ordered table is no change and
// a prize's stock change reads 「一等奖」· 库存.

const LABELS: Record<string, string> = {
  kind: '活动类型',
  slot: '入口位置',
  banner: '横幅图片',
  whiteList: '白名单',
  activity: '活动',
  discount: '立减',
  season: '排位赛',
  invites: '邀请',
  stores: '门店',
  staffList: '人员名单',
  list: '门店列表',
  type: '页面类型',
  title: '活动名称',
  subtitle: '副标题',
  startsAt: '开始时间',
  endsAt: '结束时间',
  rules: '活动规则',
  chances: '参与次数',
  perDay: '每日次数',
  perActivity: '活动总次数',
  eligibility: '参与条件',
  whiteListOnly: '仅限白名单',
  cgroupIds: '客群',
  newCustomersSince: '新客起始时间',
  blacklist: '黑名单',
  page: '页面',
  primaryColor: '主色',
  backgroundColor: '背景色',
  textColor: '文字颜色',
  buttonImage: '按钮图片',
  shareTitle: '分享标题',
  shareText: '分享文案',
  shareImage: '分享图片',
  claim: '领奖',
  addressWindowDays: '填写地址期限（天）',
  couponValidDays: '券有效期（天）',
  prizes: '奖品',
  name: '名称',
  image: '图片',
  weight: '权重',
  stock: '库存',
  perUserCap: '每人上限',
  valueCents: '价值（元）',
  points: '积分',
  unlockAfterDraws: '解锁所需次数',
  tiers: '阶梯权重',
  consolation: '兜底奖品',
  amountCents: '立减金额（元）',
  thresholdCents: '门槛金额（元）',
  validCards: '适用卡 BIN',
  validMerchants: '适用商户',
  totalLimit: '总名额',
  perUserLimit: '每人次数',
  dailyLimit: '每日名额',
  tasks: '任务',
  bands: '名次奖励',
  period: '周期',
  seconds: '浏览秒数',
  actId: '关联活动',
  perSeason: '每期上限',
  linkTtlHours: '链接有效期（小时）',
  address: '地址',
  cityCode: '城市代码',
  cityName: '城市',
  phone: '电话',
  lng: '经度',
  lat: '纬度',
  hours: '营业时间',
  roles: '岗位',
  group: '活动组',
  ref: '文件',
  rows: '行数',
};
const KEYED = new Set(['prizes', 'tasks', 'stores', 'staffList']);
/** The order an added or removed row's fields are read in: who it is first, then as the editor lists them. */
const READING_ORDER = ['id', 'name', 'kind', ...Object.keys(LABELS)];
const rank = (k: string) => {
  const i = READING_ORDER.indexOf(k);
  return i < 0 ? READING_ORDER.length : i;
};
/** A row added or removed whole, its fields in reading order (not the file's: 库存 before 名称 read oddly). */
const inReadingOrder = (row: Record<string, Json>) =>
  Object.fromEntries(Object.entries(row).sort(([a], [b]) => rank(a) - rank(b)));

type Json = unknown;
const isObj = (v: Json): v is Record<string, Json> => typeof v === 'object' && v !== null && !Array.isArray(v);
const keyedList = (v: Json): v is { id: string }[] =>
  Array.isArray(v) && v.every((x) => isObj(x) && typeof x.id === 'string');
const same = (a: Json, b: Json) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The changes from `before` (null: nothing live yet) to `after`, in the order of `after`'s fields. */
export function diffDrafts(before: CampaignDraft | null, after: CampaignDraft): CampaignChange[] {
  const out: CampaignChange[] = [];
  walk(before ?? {}, after, [], [], out);
  return out;
}

function walk(a: Json, b: Json, path: (string | number)[], label: string[], out: CampaignChange[]) {
  const field = String(path.at(-1) ?? '');
  if (isObj(a) || isObj(b)) {
    if ((a != null && !isObj(a)) || (b != null && !isObj(b))) {
      if (!same(a, b)) out.push(change(path, label, a, b));
      return;
    }
    const ao = isObj(a) ? a : {};
    const bo = isObj(b) ? b : {};
    const keys = [...Object.keys(bo), ...Object.keys(ao).filter((k) => !(k in bo))];
    for (const k of keys) walk(ao[k], bo[k], [...path, k], [...label, LABELS[k] ?? k], out);
    return;
  }
  if (KEYED.has(field) && keyedList(a ?? []) && keyedList(b ?? [])) {
    const al = (a ?? []) as { id: string; name?: string }[];
    const bl = (b ?? []) as { id: string; name?: string }[];
    const byId = new Map(al.map((x) => [x.id, x]));
    bl.forEach((x, i) => {
      const prev = byId.get(x.id);
      const itemLabel = [...label, `「${x.name ?? x.id}」`];
      if (!prev) out.push(change([...path, i], [...label, `新增「${x.name ?? x.id}」`], null, inReadingOrder(x)));
      else walk(prev, x, [...path, i], itemLabel, out);
    });
    const kept = new Set(bl.map((x) => x.id));
    al.forEach((x, i) => {
      if (!kept.has(x.id))
        out.push(change([...path, i], [...label, `移除「${x.name ?? x.id}」`], inReadingOrder(x), null));
    });
    return;
  }
  if (!same(a, b)) out.push(change(path, label, a ?? null, b ?? null));
}

function change(path: (string | number)[], label: string[], before: Json, after: Json): CampaignChange {
  return { path: path.join('.'), label: label.join(' · '), before: before ?? null, after: after ?? null };
}
