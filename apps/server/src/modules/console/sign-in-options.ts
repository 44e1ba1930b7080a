import type { Corp } from '../../platform/tenancy';
import type { ConsoleContext } from './context';
import * as repo from './repo';

/** What the sign-in page offers: the corp's name, and whether it signs in with its own provider. */
export async function signInOptions({ db }: ConsoleContext, corp: Corp) {
  return { corpName: corp.name, sso: (await repo.sso(db, corp.id)) !== undefined };
}
