import type { Own } from '../../db/owners';
import { newId } from '../../platform/crypto';
import type { AuthContext } from './context';
import { LostRace } from './login-attempts';
import * as repo from './repo';

// Which account a log-in opens, inside its transaction: found, adopted or created.

const newUser = ({ clock }: AuthContext, corpId: string, fields: Partial<repo.UserRow>): repo.UserRow => ({
  id: newId(),
  corp_id: corpId,
  nuid: fields.nuid ?? `u${newId()}`,
  mobile: fields.mobile ?? null,
  open_id: fields.open_id ?? null,
  created_at: clock(),
  bank_linked_at: fields.bank_linked_at ?? null,
});

/** The account of a phone number or open id, created on first log-in. */
export const findOrCreate =
  (ctx: AuthContext, corpId: string, key: { mobile: string } | { openId: string }) =>
  async (tx: Own<'auth'>): Promise<repo.UserRow> => {
    const found = await repo.findUser(tx, corpId, key);
    if (found) return found;
    const user = newUser(ctx, corpId, 'mobile' in key ? { mobile: key.mobile } : { open_id: key.openId });
    await repo.insertUser(tx, user);
    return user;
  };

/**
 * The bank customer `uid` (docs/decisions/0031-identity-linking.md): the bank's ticket is the stronger
 * identity. Its account if there is one; else the phone-code/open-id account of the ticket's mobile,
 * adopted once with everything it won; else a new account. The bank's mobile wins over ours.
 */
export const bankCustomer =
  (ctx: AuthContext, corpId: string, uid: string, mobile: string | null) =>
  async (tx: Own<'auth'>, now: number): Promise<repo.UserRow> => {
    const own = await repo.findUser(tx, corpId, { nuid: uid });
    const holder = mobile ? await repo.findUser(tx, corpId, { mobile }) : undefined;
    if (own) {
      if (!mobile || own.mobile === mobile) return own;
      if (holder && holder.bank_linked_at === null) {
        // This customer also has a phone-code account: two accounts with prizes each, which only a
        // merge by the prize owners could join. Both stay; the phone code keeps reaching the other one.
        ctx.log.warn({ corpId, userId: own.id, otherUserId: holder.id }, 'bank customer has a separate phone account');
        return own;
      }
      if (holder) await repo.setMobile(tx, corpId, holder.id, null);
      await repo.setMobile(tx, corpId, own.id, mobile);
      return { ...own, mobile };
    }
    if (holder && holder.bank_linked_at === null) {
      if (!(await repo.linkToBank(tx, corpId, holder.id, uid, now))) throw new LostRace();
      return { ...holder, nuid: uid, bank_linked_at: now };
    }
    // The number belonged to another bank customer; the bank says it is this one's now.
    if (holder) await repo.setMobile(tx, corpId, holder.id, null);
    const user = newUser(ctx, corpId, { nuid: uid, mobile, bank_linked_at: now });
    await repo.insertUser(tx, user);
    return user;
  };
