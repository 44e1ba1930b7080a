import type { AuditPort } from '../../platform/audit-port';
import type { ServiceDeps } from '../../platform/services';
import type { CampaignDraftsPort, DrawEnginePort, DrawProofPort } from './ports';

/** What every use case of the campaign lab is given (service.ts binds them to it). */
export interface CampaignLabDeps extends ServiceDeps<'campaign-lab'> {
  audit: AuditPort;
  drafts: CampaignDraftsPort;
  engine: DrawEnginePort;
  proofs: DrawProofPort;
}
