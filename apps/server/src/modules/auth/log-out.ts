import { endSession } from '../../platform/session';
import type { AuthContext } from './context';

/** Ends the customer's session, when the browser still had its token. */
export async function logOut({ db }: AuthContext, token: string | undefined) {
  if (token) await endSession(db, token);
}
