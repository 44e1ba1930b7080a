import { handOver, own } from '../../db/owners';
import type { AuditPort } from '../../platform/audit-port';
import { newId } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import type { ServiceDeps } from '../../platform/services';
import type { Corp } from '../../platform/tenancy';
import type { Acting, StoredDraft } from './ports';
import * as repo from './repo';
import { readList, saveImage, spool } from './uploads';

interface ListsDeps extends ServiceDeps<'campaign-lab'> {
  audit: AuditPort;
  storedDraft(corpId: string, id: string): Promise<StoredDraft>;
}

/** Image and list uploads (docs/decisions/0347-uploads.md), each audited with what was stored. */
export function createLists(deps: ListsDeps) {
  const { clock, audit } = deps;
  const db = deps.database.db;

  return {
    /** An image, typed from its bytes, into the corp's banner directory. */
    async image(acting: Acting, corp: Corp, body: unknown) {
      const saved = await saveImage(deps.config.bannerDir, corp.id, body);
      await db.transaction().execute(async (tx) => {
        await audit.append(handOver(tx), {
          corpId: corp.id,
          at: clock(),
          actor: acting.actor,
          ip: acting.ip,
          action: 'upload.image',
          subject: saved.name,
          before: null,
          after: { type: saved.type, bytes: saved.bytes },
        });
      });
      return saved;
    },

    /**
     * A white list or customer group: spooled, then read row by row into one transaction that commits only
     * when every row was valid (else LIST_INVALID with `line: field: message`, and nothing is stored).
     */
    async list(acting: Acting, corp: Corp, query: { id: string; kind: 'whiteList' | 'cgroup' }, body: unknown) {
      await deps.storedDraft(corp.id, query.id);
      const spooled = await spool(body);
      try {
        const listId = newId();
        return await db.transaction().execute(async (tx) => {
          const lab = own('campaign-lab', tx);
          await repo.insertList(lab, {
            corp_id: corp.id,
            id: listId,
            campaign_id: query.id,
            kind: query.kind,
            rows: 0,
            encoding: spooled.encoding,
            sha256: spooled.sha256,
            created_at: clock(),
            created_by: acting.actor.id,
          });
          const read = await readList(spooled, (rows) => repo.addEntries(lab, corp.id, listId, rows));
          if (read.bad > 0) {
            const fields = Object.fromEntries(
              read.problems.map((p) => {
                const [line, field, ...msg] = p.split(': ');
                return [`${line}:${field}`, msg.join(': ')];
              }),
            );
            throw new AppError('LIST_INVALID', `${read.bad} 处错误：${read.problems.slice(0, 3).join('；')}`, {
              fields,
            });
          }
          await repo.setListRows(lab, corp.id, listId, read.rows);
          await audit.append(handOver(tx), {
            corpId: corp.id,
            at: clock(),
            actor: acting.actor,
            ip: acting.ip,
            action: `campaign.${query.kind === 'cgroup' ? 'customer-group' : 'white-list'}`,
            subject: query.id,
            before: null,
            after: { listId, rows: read.rows, encoding: spooled.encoding, sha256: spooled.sha256 },
          });
          return { listId, rows: read.rows, encoding: spooled.encoding };
        });
      } finally {
        await spooled.done();
      }
    },
  };
}
