import type { Corp } from '../../platform/tenancy';
import type { CampaignLabDeps } from './deps';
import { fileToYaml } from './draft-file';
import { record, storedDraft } from './lab-steps';
import type { Acting } from './ports';

/** The stored draft as the campaign file `cli import` accepts. */
export async function exportYaml(deps: CampaignLabDeps, acting: Acting, corp: Corp, id: string) {
  const d = await storedDraft(deps, corp.id, id);
  const header = `${d.title}（${id}，草稿第 ${d.rev} 版）: npm run cli -- import <file>`;
  const yaml = fileToYaml(deps.drafts.fileOf(corp.id, id, d.draft), header);
  await record(deps, acting, corp.id, 'campaign.yaml-export', id, { rev: d.rev });
  return { id, yaml };
}
