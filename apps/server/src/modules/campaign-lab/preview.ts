import { PREVIEW_TTL_SEC } from '@campaign/contract';
import sanitizeHtml from 'sanitize-html';
import { AppError } from '../../platform/errors';
import type { ServiceDeps } from '../../platform/services';
import type { Corp } from '../../platform/tenancy';
import type { ActivityOfDraft } from './draft-file';
import type { Acting, DrawEnginePort, LabPrize, StoredDraft } from './ports';

// Preview links (docs/decisions/0346-preview.md): a token sealed with the server's key for the corp
// (AES-GCM: it cannot be forged or moved to another corp) naming the campaign and its expiry. Whoever holds
// the link sees the draft as a customer would and may draw; a preview draw is the engine's pick with a
// throwaway seed and stores nothing.

interface PreviewDeps extends ServiceDeps<'campaign-lab'> {
  engine: DrawEnginePort;
  storedDraft(corpId: string, id: string): Promise<StoredDraft>;
  activityOrFail(draft: unknown, corpId: string, id: string): { activity: ActivityOfDraft; prizes: LabPrize[] };
  record(acting: Acting, corpId: string, action: string, subject: string, after: unknown): Promise<void>;
}

interface PreviewClaim {
  /** The campaign. */
  c: string;
  /** Expiry, epoch ms. */
  exp: number;
}

export function createPreviews(deps: PreviewDeps) {
  const { clock, sealer, engine } = deps;

  function open(corp: Corp | null, token: string): PreviewClaim {
    const plain = corp ? sealer.open(corp.id, token) : null;
    if (!plain) throw new AppError('PREVIEW_TOKEN_INVALID');
    const claim = JSON.parse(plain) as PreviewClaim;
    if (typeof claim.c !== 'string' || typeof claim.exp !== 'number') throw new AppError('PREVIEW_TOKEN_INVALID');
    if (claim.exp <= clock()) throw new AppError('PREVIEW_TOKEN_EXPIRED');
    return claim;
  }

  async function draftOf(corp: Corp | null, token: string) {
    const claim = open(corp, token);
    const d = await deps.storedDraft(corp?.id ?? '', claim.c);
    return { claim, ...deps.activityOrFail(d.draft, corp?.id ?? '', claim.c) };
  }

  return {
    /** A link to the H5 preview of the draft, valid PREVIEW_TTL_SEC (it can be sent to an approver). */
    async create(acting: Acting, corp: Corp, id: string) {
      const d = await deps.storedDraft(corp.id, id);
      deps.activityOrFail(d.draft, corp.id, id);
      const expiresAt = clock() + PREVIEW_TTL_SEC * 1000;
      const token = sealer.seal(corp.id, JSON.stringify({ c: id, exp: expiresAt } satisfies PreviewClaim));
      await deps.record(acting, corp.id, 'campaign.preview-link', id, { rev: d.rev, expiresAt });
      const q = new URLSearchParams({ corpId: corp.id, token });
      return { url: `/preview?${q}`, token, expiresAt };
    },

    /** The draft as the H5 renders it. */
    async page(corp: Corp | null, token: string) {
      const { claim, activity: a, prizes } = await draftOf(corp, token);
      const names = new Map(prizes.map((p) => [p.id, p.name]));
      return {
        actId: a.id,
        type: a.type,
        title: a.title,
        subtitle: a.subtitle,
        // The draft's rules as the rules page would show them: sanitised, never the operator's raw HTML.
        rules: sanitizeHtml(a.rules),
        startsAt: a.startsAt,
        endsAt: a.endsAt,
        page: {
          banner: a.page.banner,
          primaryColor: a.page.primaryColor,
          backgroundColor: a.page.backgroundColor,
          textColor: a.page.textColor,
        },
        prizes: prizes.map((p) => ({ id: p.id, name: p.name, kind: p.kind, image: p.image })),
        odds: engine
          .odds(prizes)
          .map((o) => ({ prizeId: o.id, name: names.get(o.id) ?? o.id, probability: o.percentText })),
        expiresAt: claim.exp,
      };
    },

    /** One preview draw: the engine's rule chain and pick, a fresh seed, nothing stored. */
    async draw(corp: Corp | null, token: string) {
      const { prizes } = await draftOf(corp, token);
      const table = engine.effectiveWeights(prizes, 0);
      const { roll } = engine.rollFor(engine.newSeed(), 'preview', String(clock()), table.total);
      const id = engine.pickFromWeights(table, roll);
      const prize = prizes.find((p) => p.id === id);
      return { prizeId: id, name: prize?.name ?? id, kind: prize?.kind ?? 'thanks', preview: true as const };
    },
  };
}
