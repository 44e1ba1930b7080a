// The simulated host's Chinese data (mock-host.ts; demo and dev builds only): what a real host would send.

/** The default address's names (spec §3), as a real host sends them. */
export const DEMO_ADDRESS_TEXT = {
  name: '张三',
  provinceName: '上海市',
  // GB/T 2260 names Shanghai's prefecture level 市辖区 (the region tree shows it so).
  cityName: '市辖区',
  districtName: '浦东新区',
  detail: '世纪大道 100 号 8 楼',
} as const;

/** The bank's answer when `MOCK_PAY_RESULT = 'failed'`. */
export const MOCK_PAY_FAILED = '银行卡余额不足（模拟）';
