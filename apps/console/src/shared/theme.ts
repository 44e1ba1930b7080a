import type { ThemeConfig } from 'antd';

/** The console's look: a bank's calm blue, compact tables for a 1440×900 desktop, AA contrast throughout. */
export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#1d4ed8',
    colorInfo: '#1d4ed8',
    colorSuccess: '#15803d',
    colorWarning: '#b45309',
    colorError: '#c0262d',
    colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
    colorTextDescription: 'rgba(0, 0, 0, 0.62)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.5)',
    borderRadius: 6,
    fontFamily:
      '-apple-system, BlinkMacSystemFont, "PingFang SC", "Noto Sans CJK SC", "Microsoft YaHei", "Segoe UI", sans-serif',
  },
  components: {
    Layout: { siderBg: '#0f1f3d', headerBg: '#ffffff', bodyBg: '#f5f6f8' },
    Menu: {
      darkItemBg: '#0f1f3d',
      darkSubMenuItemBg: '#0f1f3d',
      darkItemSelectedBg: '#1d4ed8',
      darkItemColor: 'rgba(255,255,255,0.82)',
    },
    Table: { headerBg: '#f7f8fa' },
  },
};
