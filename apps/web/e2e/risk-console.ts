import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { type APIRequestContext, expect, request } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';

// The staff side of the risk journeys (risk.spec.ts), through the API the console itself calls: a demo account
// signs in with its password and current code, then writes with the session's CSRF token.

const demo = JSON.parse(
  readFileSync(resolve(import.meta.dirname, '../../server/campaigns/demo-console-accounts.json'), 'utf8'),
) as { password: string; accounts: { login: string; totpSecret: string }[] };

const STEP_MS = 30_000;

interface Envelope<T> {
  code: number;
  message?: string;
  data: T;
}

export interface ConsoleStaff {
  get<T>(path: string): Promise<T>;
  post<T>(path: string, data: object): Promise<T>;
  close(): Promise<void>;
}

const withCorp = (path: string) => `/bmcs/api${path}${path.includes('?') ? '&' : '?'}corpId=demo`;

async function unwrap<T>(what: string, res: { json(): Promise<unknown> }): Promise<T> {
  const body = (await res.json()) as Envelope<T>;
  expect(body.code, `${what}: ${JSON.stringify(body)}`).toBe(0);
  return body.data;
}

/**
 * A demo console account's session. The server takes each 30-second step's code once per account (and one step
 * of drift): when this step's code was used already (another spec signed the same account in), the next
 * step's is tried, then the customer-style wait for the clock to move on.
 */
export async function consoleStaff(baseURL: string, login: string): Promise<ConsoleStaff> {
  const account = demo.accounts.find((a) => a.login === login);
  if (!account) throw new Error(`no demo console account ${login}`);
  const totp = new TOTP({ secret: Secret.fromBase32(account.totpSecret) });
  const api: APIRequestContext = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  let csrf: string | null = null;
  const now = Math.floor(Date.now() / STEP_MS);
  for (const step of [now, now + 1, now + 2]) {
    const wait = (step - 1) * STEP_MS - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait + 50));
    const res = await api.post(withCorp('/console/auth/sign-in'), {
      data: { login, password: demo.password, totp: totp.generate({ timestamp: step * STEP_MS }) },
    });
    const body = (await res.json()) as Envelope<{ csrfToken: string }>;
    if (body.code === 0) {
      csrf = body.data.csrfToken;
      break;
    }
  }
  if (!csrf) throw new Error(`console sign-in of ${login} refused three codes`);
  const token = csrf;
  return {
    get: async <T>(path: string) => unwrap<T>(path, await api.get(withCorp(path))),
    post: async <T>(path: string, data: object) =>
      unwrap<T>(path, await api.post(withCorp(path), { data, headers: { 'x-csrf-token': token } })),
    close: () => api.dispose(),
  };
}

export interface ReviewCase {
  id: string;
  kind: string;
  title: string;
  context: { label: string; value: string }[];
}

/** A request's context line by its label (风控决定编号, 设备, …). */
export const contextOf = (c: ReviewCase, label: string) => c.context.find((l) => l.label === label)?.value;

/** The pending requests of a kind in the console's review queue (复核队列). */
export async function pendingCases(approver: ConsoleStaff, kind: string): Promise<ReviewCase[]> {
  return (await approver.get<{ items: ReviewCase[] }>(`/console/requests?kind=${kind}&status=pending`)).items;
}

/** Decides one request as the console's 放行 / 驳回 does; the server answers which it decided. */
export async function decideCase(
  approver: ConsoleStaff,
  id: string,
  decision: 'approve' | 'reject',
  comment?: string,
): Promise<void> {
  const done = await approver.post<{ decided: string[]; refused: { id: string; message: string }[] }>(
    '/console/requests/decide',
    { ids: [id], decision, ...(comment ? { comment } : {}) },
  );
  expect(done, JSON.stringify(done)).toEqual({ decided: [id], refused: [] });
}
