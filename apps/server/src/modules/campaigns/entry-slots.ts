import {
  type CampaignDraft,
  type CampaignState,
  type EntrySlots,
  KIND_ACTIVITY_TYPE,
  type SlotBooking,
  slotOf,
} from '@campaign/contract';
import type { Own } from '../../db/owners';
import type { Corp } from '../../platform/tenancy';
import * as repo from './repo';
import { type CampaignHelpers, type CampaignsDeps, draftColumns, parseDraft, stateNow } from './shared';

// Entry slots (ADR 0341, 0383): which slot of a campaign's type is taken when, and the first free one for its
// window, so a new wheel does not start on the slot a live wheel holds.

type Bookings = Map<string, SlotBooking[]>;

/** The corp's bookings by slot (the campaign itself left out). */
async function bookingsBySlot(db: Own<'campaigns'>, corpId: string, exceptId: string, now: number) {
  const out: Bookings = new Map();
  for (const r of await repo.slotBookings(db, corpId, now)) {
    if (r.id === exceptId || r.slot === null || r.starts_at === null || r.ends_at === null) continue;
    const list = out.get(r.slot) ?? [];
    list.push({
      id: r.id,
      title: r.title,
      state: stateNow(r, now) as CampaignState,
      startsAt: Number(r.starts_at),
      endsAt: Number(r.ends_at),
    });
    out.set(r.slot, list);
  }
  return out;
}

type Window = { startsAt: number | null; endsAt: number | null };

const overlaps = (b: SlotBooking, w: Window) =>
  w.startsAt === null || w.endsAt === null ? true : b.startsAt < w.endsAt && b.endsAt > w.startsAt;

const isFree = (bookings: Bookings, slot: string, w: Window) => !(bookings.get(slot) ?? []).some((b) => overlaps(b, w));

/** `page:wheel`, then `page:wheel-2`, `page:wheel-3` …: the first with nothing booked over the window. */
function firstFree(bookings: Bookings, type: string, w: Window): string {
  for (let n = 1; ; n++) {
    const slot = n === 1 ? `page:${type}` : `page:${type}-${n}`;
    if (isFree(bookings, slot, w)) return slot;
  }
}

/** The slot a new draft should start on: its default when free over its window, else the first free one. */
export async function proposeSlot(db: Own<'campaigns'>, corpId: string, id: string, draft: CampaignDraft, now: number) {
  const type = KIND_ACTIVITY_TYPE[draft.kind];
  if (!draft.activity || type === null) return undefined;
  const cols = draftColumns(draft);
  const slot = firstFree(await bookingsBySlot(db, corpId, id, now), type, {
    startsAt: cols.starts_at,
    endsAt: cols.ends_at,
  });
  return slot === `page:${type}` ? undefined : slot;
}

/** The slots of the campaign's type (and the one it is on), each with its bookings; the free one proposed. */
export async function entrySlots(deps: CampaignsDeps, h: CampaignHelpers, corp: Corp, id: string): Promise<EntrySlots> {
  const db = deps.database.db;
  const row = await h.load(corp.id, id);
  const draft = parseDraft(row.draft) ?? parseDraft(row.live);
  const type = draft ? KIND_ACTIVITY_TYPE[draft.kind] : null;
  if (!draft?.activity || type === null) return { type: null, current: null, proposed: null, slots: [] };
  const cols = draftColumns(draft);
  const w = { startsAt: cols.starts_at, endsAt: cols.ends_at };
  const bookings = await bookingsBySlot(db, corp.id, id, deps.clock());
  const current = slotOf(draft);
  const proposed = current && isFree(bookings, current, w) ? current : firstFree(bookings, type, w);
  const prefix = `page:${type}`;
  const names = new Set([prefix, proposed, ...(current ? [current] : [])]);
  for (const s of bookings.keys()) if (s === prefix || s.startsWith(`${prefix}-`)) names.add(s);
  const slots = [...names]
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))
    .map((slot) => ({ slot, free: isFree(bookings, slot, w), bookings: bookings.get(slot) ?? [] }));
  return { type, current, proposed, slots };
}
