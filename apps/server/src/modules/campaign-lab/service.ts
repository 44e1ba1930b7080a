import type { simulateBodySchema } from '@campaign/contract';
import type { z } from 'zod';
import type { Corp } from '../../platform/tenancy';
import type { CampaignLabDeps } from './deps';
import { drawProof } from './draw-proof';
import { exportYaml } from './export-yaml';
import { importYaml } from './import-yaml';
import type { Acting } from './ports';
import { previewDraw } from './preview-draw';
import { previewLink } from './preview-link';
import { previewPage } from './preview-page';
import { simulateDraft } from './simulate-draft';
import { uploadImage } from './upload-image';
import { uploadList } from './upload-list';

export type { CampaignLabDeps } from './deps';

/**
 * The campaign lab (issue 23): budget simulation, preview links, uploads, YAML in and out, and one draw's
 * proof for the public verify page, one use case per file. It owns only the uploaded lists; drafts are read
 * and written through the campaigns module's port, the draw engine and draw records through theirs. Every
 * console action is audited (docs/decisions/0345–0349).
 */
export function createCampaignLabService(deps: CampaignLabDeps) {
  return {
    simulate: (acting: Acting, corp: Corp, body: z.output<typeof simulateBodySchema>) =>
      simulateDraft(deps, acting, corp, body),
    preview: (acting: Acting, corp: Corp, id: string) => previewLink(deps, acting, corp, id),
    previewPage: (corp: Corp | null, token: string) => previewPage(deps, corp, token),
    previewDraw: (corp: Corp | null, token: string) => previewDraw(deps, corp, token),
    uploadImage: (acting: Acting, corp: Corp, body: unknown) => uploadImage(deps, acting, corp, body),
    uploadList: (
      acting: Acting,
      corp: Corp,
      query: { id: string; kind: 'whiteList' | 'cgroup' | 'codes' },
      body: unknown,
    ) => uploadList(deps, acting, corp, query, body),
    exportYaml: (acting: Acting, corp: Corp, id: string) => exportYaml(deps, acting, corp, id),
    importYaml: (acting: Acting, corp: Corp, body: { yaml: string; id?: string }) =>
      importYaml(deps, acting, corp, body),
    drawProof: (corp: Corp, drawId: string) => drawProof(deps, corp, drawId),
  };
}
export type CampaignLabService = ReturnType<typeof createCampaignLabService>;
