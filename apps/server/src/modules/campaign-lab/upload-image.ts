import { handOver } from '../../db/owners';
import type { Corp } from '../../platform/tenancy';
import type { CampaignLabDeps } from './deps';
import type { Acting } from './ports';
import { saveImage } from './uploads';

/** An image, typed from its bytes, into the corp's banner directory (docs/decisions/0347-uploads.md). */
export async function uploadImage(deps: CampaignLabDeps, acting: Acting, corp: Corp, body: unknown) {
  const saved = await saveImage(deps.config.bannerDir, corp.id, body);
  await deps.database.db.transaction().execute(async (tx) => {
    await deps.audit.append(handOver(tx), {
      corpId: corp.id,
      at: deps.clock(),
      actor: acting.actor,
      ip: acting.ip,
      action: 'upload.image',
      subject: saved.name,
      before: null,
      after: { type: saved.type, bytes: saved.bytes },
    });
  });
  return saved;
}
