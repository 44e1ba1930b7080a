import { handOver, type Own, own } from '../../db/owners';
import { newId } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import type { Corp } from '../../platform/tenancy';
import * as codes from './code-pool-repo';
import type { CampaignLabDeps } from './deps';
import { storedDraft } from './lab-steps';
import type { Acting } from './ports';
import * as repo from './repo';
import { readCodes, readList, type Spooled, spool } from './uploads';

/** Rows per staging transaction: a few milliseconds of the one SQLite writer each (bench:white-list). */
export const STAGE_BATCH = 500;
/** A staged list this old belongs to no upload still running (1,000,000 rows take well under a minute). */
export const ABANDONED_AFTER_MS = 60 * 60 * 1000;
/** The longest pause between two staging batches. */
const MAX_PAUSE_MS = 50;

type ListQuery = { id: string; kind: 'whiteList' | 'cgroup' | 'codes' };

/**
 * A white list, customer group or coupon code pool (ADR 0390): spooled, then staged and swapped in (ADR 0374). The rows are stored in short
 * transactions of STAGE_BATCH rows, pausing between them, under a list no reader takes (`staging`); one
 * small transaction swaps it in when every row was valid. Else LIST_INVALID with `line: field: message`, and
 * the staged rows are deleted again: nothing stored before changes either way.
 */
export async function uploadList(deps: CampaignLabDeps, acting: Acting, corp: Corp, query: ListQuery, body: unknown) {
  const lab = own('campaign-lab', deps.database.db);
  await storedDraft(deps, corp.id, query.id);
  const spooled = await spool(body);
  const listId = newId();
  try {
    await sweepAbandoned(deps, corp.id);
    await repo.insertList(lab, {
      corp_id: corp.id,
      id: listId,
      campaign_id: query.id,
      kind: query.kind,
      rows: 0,
      encoding: spooled.encoding,
      sha256: spooled.sha256,
      created_at: deps.clock(),
      created_by: acting.actor.id,
      state: 'staging',
    });
    const rows = await stageRows(deps, corp.id, listId, query.kind, spooled);
    await swapIn(deps, acting, corp.id, query, listId, rows, spooled);
    return { listId, rows, encoding: spooled.encoding };
  } catch (err) {
    // A failure here (the database away) leaves the staged rows to the next upload's sweep.
    await discard(deps, corp.id, listId, query.kind).catch(() => undefined);
    throw err;
  } finally {
    await spooled.done();
  }
}

/** Stores the spooled rows under the staging list, batch by batch; any bad row is LIST_INVALID. */
async function stageRows(
  deps: CampaignLabDeps,
  corpId: string,
  listId: string,
  kind: ListQuery['kind'],
  spooled: Spooled,
) {
  /** One batch in its own transaction; then whoever waited for the database or the event loop goes first. */
  const staged =
    <R>(add: (lab: Own<'campaign-lab'>, rows: R[]) => Promise<R[]>) =>
    async (rows: R[]) => {
      const started = performance.now();
      const dups = await deps.database.db.transaction().execute((tx) => add(own('campaign-lab', tx), rows));
      // The upload pauses as long as its batch took (at most half of the process's time), then waits its turn.
      await new Promise((r) => setTimeout(r, Math.min(performance.now() - started, MAX_PAUSE_MS)));
      return dups;
    };
  const read =
    kind === 'codes'
      ? await readCodes(
          spooled,
          staged((lab, rows) => codes.addCodes(lab, corpId, listId, rows)),
          STAGE_BATCH,
        )
      : await readList(
          spooled,
          staged((lab, rows) => repo.addEntries(lab, corpId, listId, rows)),
          STAGE_BATCH,
        );
  if (read.bad > 0) {
    const fields = Object.fromEntries(
      read.problems.map((p) => {
        const [line, field, ...msg] = p.split(': ');
        return [`${line}:${field}`, msg.join(': ')];
      }),
    );
    throw new AppError('LIST_INVALID', `${read.bad} 处错误：${read.problems.slice(0, 3).map(lineText).join('；')}`, {
      fields,
    });
  }
  return read.rows;
}

/** A list file's columns as the operator reads them (the CSV's header may be in either language). */
const COLUMN_LABELS: Record<string, string> = {
  nuid: '客户号',
  mobile: '手机号',
  code: '券码',
  header: '表头',
  file: '文件',
};
/** The audit action of each kind of list. */
const ACTIONS: Record<ListQuery['kind'], string> = {
  whiteList: 'campaign.white-list',
  cgroup: 'campaign.customer-group',
  codes: 'campaign.code-pool',
};

/** `2: nuid: 客户号只能含…` → `第 2 行 客户号：…` (the summary's words; `fields` keeps `2:nuid` for the form). */
function lineText(problem: string): string {
  const [line, field = '', ...msg] = problem.split(': ');
  return `第 ${line} 行 ${COLUMN_LABELS[field] ?? field}：${msg.join(': ')}`;
}

/** One small transaction: the staged list becomes the campaign's list, on the record. */
async function swapIn(
  deps: CampaignLabDeps,
  acting: Acting,
  corpId: string,
  query: ListQuery,
  listId: string,
  rows: number,
  spooled: Spooled,
) {
  await deps.database.db.transaction().execute(async (tx) => {
    if (!(await repo.swapIn(own('campaign-lab', tx), corpId, listId, rows))) {
      throw new Error(`staged list ${listId} was discarded before its swap`);
    }
    await deps.audit.append(handOver(tx), {
      corpId,
      at: deps.clock(),
      actor: acting.actor,
      ip: acting.ip,
      action: ACTIONS[query.kind],
      subject: query.id,
      before: null,
      after: { listId, rows, encoding: spooled.encoding, sha256: spooled.sha256 },
    });
  });
}

/** Deletes a staged list, STAGE_BATCH rows per transaction (a ready list is never touched). */
async function discard(deps: CampaignLabDeps, corpId: string, listId: string, kind?: ListQuery['kind']) {
  const lab = own('campaign-lab', deps.database.db);
  const drop = kind === 'codes' ? codes.dropStagedCodes : kind ? repo.dropStagedEntries : null;
  for (const d of drop ? [drop] : [repo.dropStagedEntries, codes.dropStagedCodes]) {
    while ((await d(lab, corpId, listId, STAGE_BATCH)) === STAGE_BATCH) {
      await new Promise((r) => setImmediate(r));
    }
  }
  await repo.dropStagedList(lab, corpId, listId);
}

/** Staged lists whose upload died with its process (older than ABANDONED_AFTER_MS) are discarded. */
async function sweepAbandoned(deps: CampaignLabDeps, corpId: string) {
  const lab = own('campaign-lab', deps.database.db);
  for (const id of await repo.abandonedStaging(lab, corpId, deps.clock() - ABANDONED_AFTER_MS)) {
    await discard(deps, corpId, id);
  }
}
