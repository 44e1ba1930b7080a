import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { DefinitionError, parseDefinition } from '../campaign-file/definition';
import { applyDefinition } from '../campaign-file/import';
import { loadConfig } from '../config';
import { openDatabase } from '../db';
import { migrateToLatest } from '../db/migrate';
import { refusingProviders } from '../modules/auth/provider-config';
import { signTicket } from '../modules/auth/ticket';
import { AppError } from '../platform/errors';
import { createServices } from '../services';
import { auditCommand, CONSOLE_USAGE, staffCommand } from './console-commands';
import { seedDemoApprovals } from './demo-approvals';
import { seedDemoCampaigns } from './demo-campaigns';
import { seedDemoConsole } from './demo-console';
import { seedDemoCustomer } from './demo-customer';
import { seedDemoRisk } from './demo-risk';
import { seedDemoSeasons } from './demo-season';
import { proposeRules } from './propose-rules';
import { corpsWithDemoSecrets, refusesDemoData, seedDemo } from './seed';
import { mintStaffTicket } from './staff-ticket';
import { storesCommand } from './stores-command';

const USAGE = `Usage: npm run cli -- <command>
  migrate                      apply database migrations
  seed                         seed (or refresh) the demo tenants from apps/server/campaigns/demo.yaml
  import <file.yaml>           validate and import a campaign definition (docs/campaign-format.md)
  validate <file.yaml>         validate only
  ticket <corpId> <uid>        mint a host-app login ticket for local testing (uses the corp's secret)
  ticket --staff <corpId> <staffId> [roles]   a staff ticket (roles comma-separated; default: all the staff list grants)
  propose-rules <actId> <file.yaml> <operatorId>   a new rules version of a live activity, live once a second person approves
  end <actId> [corpId]         end an activity now (reveals its seed); corpId defaults to demo
  verify <actId> [corpId]      recompute every draw of an ended activity from the revealed seed
  order ship <orderId> <corpId> [trackingNo]   a confirmed order leaves the warehouse
  order deliver <orderId> <corpId>             a shipped order arrived
  order close <orderId> <corpId>               close an order that will not be fulfilled
  settle <actId> [corpId]      award an ended ranking season's rank bands (once: a second run awards nothing)
  stores import <file.csv> --corp <corpId> --list <listId> [--name <list name>]
                               import stores from a CSV into a store list (docs/features.md: Stores and redemption)
  order refund <orderId> <corpId>              refund a paid order in full (recorded as its payment's refund)
${CONSOLE_USAGE}`;

type Services = ReturnType<typeof createServices>;
type Db = ReturnType<typeof openDatabase>['db'];

/** `order ship|deliver|close|refund`: the operator's moves of a physical prize's order. */
async function orderCommand(services: Services, args: string[]): Promise<number> {
  const [move, orderId, corpId, trackingNo] = args;
  if (move === 'refund' && orderId && corpId) {
    const r = await services.payments.refundOrder(corpId, orderId);
    console.log(`${corpId}/${orderId} → ${r.state}${r.replayed ? ' (already refunded)' : ''}`);
    return 0;
  }
  const to = { ship: 'shipped', deliver: 'delivered', close: 'closed' } as const;
  if (!orderId || !corpId || !(move === 'ship' || move === 'deliver' || move === 'close')) return usage();
  const state = await services.orders.moveOrder(corpId, orderId, to[move], trackingNo);
  console.log(`${corpId}/${orderId} → ${state}`);
  return 0;
}

/** `seed`: the demo tenants, customer, seasons, approvals and console (never in production). */
async function seedCommand(services: Services, config: ReturnType<typeof loadConfig>, db: Db): Promise<number> {
  if (refusesDemoData(config)) {
    console.error('seed refused: NODE_ENV=production, and the demo tenants carry published secrets');
    return 1;
  }
  const s = await seedDemo(db, services.publishing, Date.now());
  const customer = await seedDemoCustomer(services, Date.now());
  const seasons = await seedDemoSeasons(services, Date.now());
  const approvals = await seedDemoApprovals(services, Date.now());
  const consoleAccounts = await seedDemoConsole(services);
  const consoleCampaigns = await seedDemoCampaigns(services, Date.now());
  const riskRules = await seedDemoRisk(services);
  console.log(
    `demo seeded: ${JSON.stringify({ ...s, demoCustomer: customer, seasonParticipants: seasons, approvals, consoleAccounts, consoleCampaigns, riskRules })}`,
  );
  return 0;
}

/** `import <file.yaml>`: a campaign definition, refused in production when it carries a demo secret. */
async function importCommand(
  services: Services,
  config: ReturnType<typeof loadConfig>,
  db: Db,
  args: string[],
): Promise<number> {
  const file = args[0];
  if (!file) return usage();
  const def = parseDefinition(readFileSync(file, 'utf8'), file);
  const published = refusesDemoData(config) ? corpsWithDemoSecrets(def) : [];
  if (published.length) {
    console.error(`import refused: corp ${published.join(', ')} uses a published demo appSecret`);
    return 1;
  }
  const s = await applyDefinition(db, services.publishing, def, Date.now());
  console.log(`imported ${file}: ${JSON.stringify(s)}`);
  return 0;
}

/** `ticket [--staff] …`: a host-app (or staff) login ticket for local testing, signed with the corp's secret. */
async function ticketCommand(db: Db, args: string[]): Promise<number> {
  if (args[0] === '--staff') {
    const [, corpId, staffId, roles] = args;
    if (!corpId || !staffId) return usage();
    const minted = await mintStaffTicket(db, corpId, staffId, roles?.split(','));
    if (!minted.ok) {
      console.error(minted.error);
      return 1;
    }
    console.log(minted.ticket);
    return 0;
  }
  const [corpId, uid] = args;
  if (!corpId || !uid) return usage();
  const corp = await db.selectFrom('corp').select('app_secret').where('id', '=', corpId).executeTakeFirst();
  if (!corp) {
    console.error(`unknown corp ${corpId}`);
    return 1;
  }
  const exp = Math.floor(Date.now() / 1000) + 300;
  console.log(signTicket(corp.app_secret, { corpId, uid, exp, nonce: randomBytes(12).toString('hex') }));
  return 0;
}

/** `settle <actId> [corpId]`: an ended ranking season's rank bands, once. */
async function settleCommand(services: Services, args: string[]): Promise<number> {
  const [actId, corpId = 'demo'] = args;
  if (!actId) return usage();
  const r = await services.seasonOperations.settle(corpId, actId);
  console.log(
    r.settled
      ? `${corpId}/${actId} settled: ${r.awarded} awards (${r.held} held for review, ${r.blocked} refused by risk)`
      : `${corpId}/${actId} was already settled: nothing awarded`,
  );
  return 0;
}

/** `propose-rules <actId> <file.yaml> <operatorId>`: a new rules version, live once a second person approves. */
async function proposeRulesCommand(services: Services, args: string[]): Promise<number> {
  const [actId, file, staffId] = args;
  if (!actId || !file || !staffId) return usage();
  const proposed = await proposeRules(services, parseDefinition(readFileSync(file, 'utf8'), file), actId, staffId);
  if (!proposed.ok) {
    console.error(proposed.error);
    return 1;
  }
  console.log(`approval request ${proposed.requestId}: ${proposed.title} (waits on /oatodo)`);
  return 0;
}

/** `end <actId> [corpId]` reveals the seed; `verify` recomputes every draw from it. */
async function endOrVerifyCommand(services: Services, cmd: 'end' | 'verify', args: string[]): Promise<number> {
  const [actId, corpId = 'demo'] = args;
  if (!actId) return usage();
  if (cmd === 'end') {
    await services.publishing.end(corpId, actId);
    console.log(`${corpId}/${actId} ended; its seed is now revealed`);
    return 0;
  }
  const r = await services.draw.verify(corpId, actId);
  console.log(JSON.stringify(r, null, 2));
  console.log(
    r.ok ? `verify ${actId}: OK, ${r.checked} draws recomputed` : `verify ${actId}: ${r.mismatches.length} MISMATCHES`,
  );
  return r.ok ? 0 : 1;
}

/** `validate <file.yaml>`: needs no database. */
function validateCommand(args: string[]): number {
  const file = args[0];
  if (!file) return usage();
  parseDefinition(readFileSync(file, 'utf8'), file);
  console.log(`${file}: valid`);
  return 0;
}

async function main(argv: string[]): Promise<number> {
  const [cmd, ...args] = argv;
  if (!cmd || cmd === 'help' || cmd === '--help') {
    console.log(USAGE);
    return cmd ? 0 : 2;
  }
  if (cmd === 'validate') return validateCommand(args);
  const config = { ...loadConfig(), logLevel: 'warn' };
  const database = openDatabase(config.database);
  try {
    const applied = await migrateToLatest(database.db);
    if (cmd === 'migrate') {
      console.log(applied.length ? `applied: ${applied.join(', ')}` : 'database is up to date');
      return 0;
    }
    const services = createServices({ database, config, ...refusingProviders() });
    // Each command is awaited here, so the database closes only after it (finally).
    if (cmd === 'order') return await orderCommand(services, args);
    if (cmd === 'seed') return await seedCommand(services, config, database.db);
    if (cmd === 'import') return await importCommand(services, config, database.db, args);
    if (cmd === 'stores') return await storesCommand(database.db, args);
    if (cmd === 'staff') return await staffCommand(services, config, args, usage);
    if (cmd === 'audit') return await auditCommand(services, args, usage);
    if (cmd === 'ticket') return await ticketCommand(database.db, args);
    if (cmd === 'settle') return await settleCommand(services, args);
    if (cmd === 'propose-rules') return await proposeRulesCommand(services, args);
    if (cmd === 'end' || cmd === 'verify') return await endOrVerifyCommand(services, cmd, args);
    return usage();
  } finally {
    await database.close();
  }
}

function usage(): number {
  console.error(USAGE);
  return 2;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    if (err instanceof DefinitionError) {
      console.error(`invalid definition:\n${err.problems.map((p) => `  ${p}`).join('\n')}`);
    } else if (err instanceof AppError) {
      console.error(err.messageFor('en-US'));
    } else {
      console.error(err instanceof Error ? err.message : err);
    }
    process.exit(1);
  },
);
