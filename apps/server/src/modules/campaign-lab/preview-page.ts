import sanitizeHtml from 'sanitize-html';
import type { Corp } from '../../platform/tenancy';
import type { CampaignLabDeps } from './deps';
import { previewDraft } from './preview';

/** The draft as the H5 renders it. */
export async function previewPage(deps: CampaignLabDeps, corp: Corp | null, token: string) {
  const { claim, activity: a, prizes } = await previewDraft(deps, corp, token);
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
    odds: deps.engine
      .odds(prizes)
      .map((o) => ({ prizeId: o.id, name: names.get(o.id) ?? o.id, probability: o.percentText })),
    expiresAt: claim.exp,
  };
}
