import { STAFF_ROLES, type StaffRole } from '@campaign/contract';
import QRCode from 'qrcode';
import { publishAuditHeads } from '../background';
import type { Config } from '../config';
import { CLI_ACTOR } from '../platform/audit-port';
import type { Services } from '../services';
import { demoTotpSecrets } from './demo-console';

const STAFF_USAGE = `  staff add <corpId> <staffId> --name <name> --roles <r1,r2> [--login <login>]
                               a staff member with a console account; the password is read from stdin
                               (or generated and printed), the second factor printed once (URI and QR)
  staff unlock <corpId> <staffId> let the account's login be tried again at once from every address
                               (forgets its throttled sign-in attempts)
  staff totp <corpId> <staffId>   demo mode only: the current code of a demo account`;
export const CONSOLE_USAGE = `${STAFF_USAGE}
  audit verify [corpId]        recompute the audit chain of one corp (or all): names the first bad entry,
                               and a cut or rewrite since the heads published in AUDIT_HEAD_DIR
  audit publish                publish each corp's head that moved now (AUDIT_HEAD_DIR, log, webhook)`;

function flag(args: string[], name: string): string | undefined {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
}

/** The first line of stdin when something is piped in; undefined at a terminal or with nothing piped. */
async function passwordFromStdin(): Promise<string | undefined> {
  if (process.stdin.isTTY) return undefined;
  const chunks: Buffer[] = [];
  for await (const c of process.stdin) chunks.push(c as Buffer);
  const line = Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0]?.trim();
  return line || undefined;
}

/** `staff add`, `staff unlock`, `staff totp` (docs/console.md). Returns the exit code. */
export async function staffCommand(services: Services, config: Config, args: string[], usage: () => number) {
  const [sub, corpId, staffId] = args;
  if (sub === 'unlock') {
    if (!corpId || !staffId) return usage();
    const r = await services.console.staffAdmin.unlock({ actor: CLI_ACTOR, ip: null }, corpId, staffId);
    console.log(
      `staff ${corpId}/${staffId}: "${r.login}" may be tried again from every address (${r.addresses} throttled address(es) cleared)`,
    );
    return 0;
  }
  if (sub === 'totp') {
    if (!corpId || !staffId) return usage();
    if (!config.demoMode) {
      console.error('staff totp refused: it prints codes of the published demo accounts, in demo mode only');
      return 1;
    }
    const code = await services.console.demoAccounts.currentCodeIf(corpId, staffId, demoTotpSecrets());
    if (!code) {
      console.error(`${corpId}/${staffId} is not a demo account (only their codes are printed)`);
      return 1;
    }
    console.log(code);
    return 0;
  }
  if (sub !== 'add' || !corpId || !staffId) return usage();
  const name = flag(args, 'name');
  const roles = flag(args, 'roles')
    ?.split(',')
    .map((r) => r.trim());
  if (!name || !roles?.length) return usage();
  const bad = roles.filter((r) => !(STAFF_ROLES as readonly string[]).includes(r));
  if (bad.length) {
    console.error(`unknown role ${bad.join(', ')}: use ${STAFF_ROLES.join(', ')}`);
    return 1;
  }
  const login = flag(args, 'login') ?? staffId;
  const given = await passwordFromStdin();
  const r = await services.console.staffAdmin.addStaff({ actor: CLI_ACTOR, ip: null }, corpId, {
    staffId,
    name,
    roles: roles as StaffRole[],
    login,
    ...(given ? { password: given } : {}),
  });
  console.log(`staff ${corpId}/${staffId} (${name}, ${roles.join(', ')}) can sign in to the console as "${login}"`);
  if (!given) console.log(`first password (shown once): ${r.password}`);
  console.log('second factor: scan with an authenticator app (shown once)');
  console.log(await QRCode.toString(r.totp.otpauthUri, { type: 'terminal', small: true }));
  console.log(r.totp.otpauthUri);
  return 0;
}

/** `audit verify [corpId]`: 0 when every chain holds. */
export async function auditCommand(services: Services, args: string[], usage: () => number) {
  const [sub, corpId] = args;
  if (sub === 'publish') {
    const heads = await publishAuditHeads(services);
    for (const h of heads) console.log(`audit ${h.corp}: head #${h.seq} ${h.hash} published`);
    if (heads.length === 0) console.log('no head moved since its last publication');
    return 0;
  }
  if (sub !== 'verify') return usage();
  const corps = corpId ? [corpId] : await services.audit.corps();
  let ok = true;
  for (const c of corps) {
    const r = await services.audit.verify(c);
    ok &&= r.ok;
    console.log(
      r.ok
        ? `audit ${c}: OK, ${r.checked} entries, head #${r.head?.seq ?? 0} ${r.head?.hash ?? '-'}${r.published ? `; agrees with the head published as #${r.published.seq}` : ''}`
        : `audit ${c}: BROKEN at entry #${r.firstBad?.seq} (${r.firstBad?.reason}); ${r.checked} entries before it hold`,
    );
  }
  if (corps.length === 0) console.log('no audit entries yet');
  return ok ? 0 : 1;
}
