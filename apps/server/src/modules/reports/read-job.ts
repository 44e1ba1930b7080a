import type { ExportJob } from '@campaign/contract';
import { AppError } from '../../platform/errors';
import { type Caller, type ReportsContext, refusal, toJob } from './context';
import * as repo from './repo';

/** One job, when the caller may see it (refused: another's unmasked export, a kind outside their roles). */
export async function readJob(
  { db, clock }: ReportsContext,
  corpId: string,
  who: Caller,
  id: string,
): Promise<ExportJob> {
  const r = await repo.job(db, corpId, id);
  if (!r) throw new AppError('EXPORT_NOT_FOUND');
  const refused = refusal(r, who);
  if (refused) throw new AppError(refused);
  return toJob(r, clock());
}
