import type { Simulation, simulateBodySchema } from '@campaign/contract';
import type { z } from 'zod';
import { handOver } from '../../db/owners';
import type { AuditPort } from '../../platform/audit-port';
import { AppError } from '../../platform/errors';
import type { ServiceDeps } from '../../platform/services';
import type { Corp } from '../../platform/tenancy';
import { activityOfDraft, fileToYaml, labPrizes, YamlProblems, yamlToDraft } from './draft-file';
import { createLists } from './lists';
import type { Acting, CampaignDraftsPort, DrawEnginePort, DrawProofPort } from './ports';
import { createPreviews } from './preview';
import { simulate } from './simulate';

export interface CampaignLabDeps extends ServiceDeps<'campaign-lab'> {
  audit: AuditPort;
  drafts: CampaignDraftsPort;
  engine: DrawEnginePort;
  proofs: DrawProofPort;
}

/**
 * The campaign lab (issue 23): budget simulation, preview links, uploads, YAML in and out, and one draw's
 * proof for the public verify page. It owns only the uploaded lists; drafts are read and written through
 * the campaigns module's port, the draw engine and draw records through theirs. Every console action is
 * audited (docs/decisions/0345–0349).
 */
export function createCampaignLabService(deps: CampaignLabDeps) {
  const { clock, audit, drafts, engine } = deps;
  const db = deps.database.db;

  /** Appends one entry in its own transaction (an action that changes nothing of ours but is on the record). */
  async function record({ actor, ip }: Acting, corpId: string, action: string, subject: string, after: unknown) {
    await db.transaction().execute(async (tx) => {
      await audit.append(handOver(tx), { corpId, at: clock(), actor, ip, action, subject, before: null, after });
    });
  }

  async function storedDraft(corpId: string, id: string) {
    const d = await drafts.draftOf(corpId, id);
    if (!d) throw new AppError('CAMPAIGN_NOT_FOUND', id);
    return d;
  }

  function activityOrFail(draft: unknown, corpId: string, id: string) {
    const r = activityOfDraft(draft, corpId, id);
    if ('fields' in r) throw new AppError('CAMPAIGN_LAB_DRAFT_INVALID', Object.keys(r.fields)[0], { fields: r.fields });
    const prizes = labPrizes(r.activity);
    const problems = engine.validatePrizeTable(prizes);
    if (problems.length) {
      const fields = Object.fromEntries(problems.map((p) => [`activity.prizes.${p.prizeId ?? ''}`, p.message]));
      throw new AppError('CAMPAIGN_LAB_DRAFT_INVALID', problems[0]?.message, { fields });
    }
    return { activity: r.activity, prizes };
  }

  const previews = createPreviews({ ...deps, activityOrFail, storedDraft, record });
  const lists = createLists({ ...deps, storedDraft });

  return {
    /** Up to 1,000,000 simulated draws of the draft's table over the traffic curve (stores nothing but the audit). */
    async simulate(acting: Acting, corp: Corp, body: z.output<typeof simulateBodySchema>): Promise<Simulation> {
      const draft = body.draft ?? (await storedDraft(corp.id, body.id)).draft;
      const { activity, prizes } = activityOrFail(draft, corp.id, body.id);
      if (body.curve && body.curve.length !== body.days) {
        throw new AppError('CAMPAIGN_LAB_DRAFT_INVALID', 'curve', {
          fields: { 'body.curve': `须有 ${body.days} 个值` },
        });
      }
      const started = performance.now();
      const c = activity.chances;
      const result = simulate(
        engine,
        {
          prizes,
          draws: body.draws,
          days: body.days,
          ...(body.curve ? { curve: body.curve } : {}),
          ...(body.budgetCents !== undefined ? { budgetCents: body.budgetCents } : {}),
          drawsPerCustomer: c.perActivity ?? (c.perDay ?? 1) * body.days,
        },
        deps.randomBytes,
      );
      const elapsedMs = Math.round(performance.now() - started);
      await record(acting, corp.id, 'campaign.simulate', body.id, {
        draws: body.draws,
        days: body.days,
        totalPayoutCents: result.totalPayoutCents,
        overBudgetChance: result.overBudgetChance,
      });
      return { ...result, elapsedMs };
    },

    preview: previews.create,
    previewPage: previews.page,
    previewDraw: previews.draw,
    uploadImage: lists.image,
    uploadList: lists.list,

    /** The stored draft as the campaign file `cli import` accepts. */
    async exportYaml(acting: Acting, corp: Corp, id: string) {
      const d = await storedDraft(corp.id, id);
      const header = `${d.title}（${id}，草稿第 ${d.rev} 版）: npm run cli -- import <file>`;
      const yaml = fileToYaml(drafts.fileOf(corp.id, id, d.draft), header);
      await record(acting, corp.id, 'campaign.yaml-export', id, { rev: d.rev });
      return { id, yaml };
    },

    /** A campaign file's one campaign as a draft (new, or saved into `id`); problems name their lines. */
    async importYaml(acting: Acting, corp: Corp, body: { yaml: string; id?: string }) {
      let parsed: ReturnType<typeof yamlToDraft>;
      try {
        parsed = yamlToDraft(body.yaml, corp.id, clock());
      } catch (err) {
        if (!(err instanceof YamlProblems)) throw err;
        const fields = Object.fromEntries(
          err.lines.slice(0, 50).map((l) => {
            const [line, field, ...msg] = l.split(': ');
            return [`${line}:${field}`, msg.join(': ')];
          }),
        );
        throw new AppError('YAML_INVALID', err.lines.slice(0, 5).join('；'), { fields });
      }
      const id = body.id ?? parsed.id;
      // The campaigns module audits the draft's creation or save itself (before → after); this records the file.
      const saved = await drafts.importDraft(acting, corp.id, {
        ...(id ? { id } : {}),
        kind: parsed.draft.kind,
        title: parsed.title,
        draft: parsed.draft,
      });
      await record(acting, corp.id, 'campaign.yaml-import', saved.id, { rev: saved.rev, chars: body.yaml.length });
      return saved;
    },

    /** One draw's published data and its recomputation (the public verify page). */
    async drawProof(corp: Corp, drawId: string) {
      const proof = await deps.proofs.proof(corp.id, drawId);
      if (!proof) throw new AppError('DRAW_NOT_FOUND');
      return proof;
    },
  };
}
export type CampaignLabService = ReturnType<typeof createCampaignLabService>;
