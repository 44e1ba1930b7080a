import { campaignDay } from '@campaign/contract/china-time';
import type { RiskDeps } from './context';
import type { Features } from './features';

/** Thresholds past which the farm's signals are raised to the operators (each once per key, modules/alerts). */
export const SIGNALS = {
  accountsPerDevice: 5,
  accountsPerIp: 20,
  accountsPerSubnet: 50,
  inviteesPerHour: 10,
  actedPerMinute: 20,
} as const;

/**
 * The farm's signals, raised at the decision that crosses a threshold (issue 35: within seconds, not at the next
 * rules run): many accounts on one device, address or network in a day, and a spike of acting decisions in a
 * campaign's minute (counted in this process), and an inviter's chain growing fast. Never waits: the alert is written beside the draw.
 */
export function raiseSignals(
  deps: RiskDeps,
  a: { corpId: string; actId: string; ip: string; deviceId: string | null; now: number; inviter?: string },
  f: Features | null,
  acted: boolean,
) {
  // The day (Beijing time) is worked out only when something is raised: most decisions raise nothing.
  let day: string | null = null;
  const today = () => {
    day ??= campaignDay(a.now);
    return day;
  };
  const raise = (key: string, message: string, detail: object) => {
    // An alert is raised once per key: a key this process has raised costs no query again (a farm crosses the
    // same threshold on every decision after the first).
    if (deps.raised.has(key)) return;
    if (deps.raised.size >= 10_000) deps.raised.clear();
    deps.raised.add(key);
    void deps.alerts
      .raise({ corpId: a.corpId, actId: a.actId, kind: 'risk_signal', key: `risk:${a.actId}:${key}`, message, detail })
      .catch((err: unknown) => {
        deps.raised.delete(key);
        deps.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'risk alert failed');
      });
  };
  if (f) {
    const dev = Number(f.device.accounts_1d);
    if (a.deviceId && dev >= SIGNALS.accountsPerDevice) {
      raise(`device:${a.deviceId}:${today()}`, `同一设备一天内已有 ${dev} 个账户参与活动（设备 ${a.deviceId}）`, {
        device: a.deviceId,
        accounts: dev,
      });
    }
    const ip = Number(f.ip.accounts_1d);
    if (ip >= SIGNALS.accountsPerIp) {
      raise(`ip:${a.ip}:${today()}`, `同一 IP 一天内已有 ${ip} 个账户参与活动（${a.ip}）`, { ip: a.ip, accounts: ip });
    }
    const net = Number(f.ip.subnet_accounts_1d);
    if (net >= SIGNALS.accountsPerSubnet) {
      raise(`subnet:${a.ip}:${today()}`, `同一网段一天内已有 ${net} 个账户参与活动（${a.ip} 所在网段）`, {
        ip: a.ip,
        accounts: net,
      });
    }
  }
  const chain = f ? Number(f.invite.parent_invitees_1h) : 0;
  if (a.inviter && chain >= SIGNALS.inviteesPerHour) {
    const hour = Math.floor(a.now / 3_600_000);
    raise(
      `invite:${a.inviter}:${hour}`,
      `邀请链增长过快：同一邀请人一小时内已邀请 ${chain} 人（邀请人 ${a.inviter}）`,
      {
        inviter: a.inviter,
        invitees: chain,
      },
    );
  }
  if (!acted) return;
  const minute = Math.floor(a.now / 60_000);
  const key = `${a.corpId}|${a.actId}`;
  const seen = deps.spikes.get(key);
  const n = seen && seen.minute === minute ? seen.n + 1 : 1;
  deps.spikes.set(key, { minute, n });
  if (n === SIGNALS.actedPerMinute) {
    raise(`spike:${minute}`, `风控规则命中激增：一分钟内已拦截或冻结 ${n} 次`, { minute, acted: n });
  }
}
