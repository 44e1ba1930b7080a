// The dev-only games preview's texts (games-preview.tsx; not in the build, so Chinese only): demo prizes,
// section titles and the log lines.
export const PREVIEW_TEXT = {
  heading: '活动组件预览',
  wheel: '幸运大转盘',
  grid: '九宫格抽奖',
  scratch: '刮刮卡',
  blindBox: '幸运盲盒',
  gallery: '奖品图',
  wheelIdle: '点击中心按钮开始',
  spinning: '旋转中，等待服务器…',
  cancelled: '网络异常，已停止',
  addChances: '+3次',
  gridChances: '剩余2次',
  scratchStart: '开始刮（此时发起抽奖请求）',
  revealed: '已揭晓 onReveal()',
  won: '恭喜获得',
  wonPrize: '8.88元现金红包',
  again: '再刮一张',
  boxIdle: '挑一个盲盒',
  boxPrize: '蓝牙耳机',
  opened: 'onOpened()：弹出结果',
} as const;

/** "停在 #3：蓝牙耳机". */
export const stoppedAt = (i: number, name: string | undefined) => `停在 #${i}：${name}`;
/** "剩余3次". */
export const chancesLeft = (n: number) => `剩余${n}次`;
/** "选中 #2，等待结果…". */
export const picked = (i: number) => `选中 #${i}，等待结果…`;

export const WHEEL_NAMES = [
  '50元话费券',
  '谢谢参与',
  '888积分',
  '蓝牙耳机',
  '现金红包',
  '电影票',
  '智能手机',
  '咖啡券',
];
export const GRID_NAMES = ['智能手机', '888积分', '现金红包', '蓝牙耳机', '谢谢参与', '精美礼品', '信用卡礼', '咖啡券'];
