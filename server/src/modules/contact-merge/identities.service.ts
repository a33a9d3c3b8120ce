import { systemCtx, type DataAccess, type Unit } from '../../db/tenant';
import { AppError } from '../../infra/errors';
import { BoundedCache } from '../../lib/bounded-cache';
import { auditQueries } from '../audit';
import { contactsQueries, contactsWrites, type Identity, type IdentityHolder, type IdentityKind } from '../contacts';
import { mergeIn, type MergeActor } from './contact-merge.service';

/** The identifiers a channel knows for one customer (the whatsapp port's `SenderIds`). */
export interface CustomerIds {
  phone?: string;
  lid?: string;
  cloudUserId?: string;
  username?: string;
}

/** What learning did: the contact they all are now, and the contacts merged into it. */
export interface LearnResult {
  contactId: number | null;
  merged: number[];
}

const KINDS: readonly [keyof CustomerIds, IdentityKind][] = [
  ['lid', 'lid'],
  ['cloudUserId', 'cloud_user_id'],
  ['username', 'username'],
];

/** The identifiers other than the phone, as `contact_identities` stores them. */
export const identitiesOf = (ids: CustomerIds): Identity[] =>
  KINDS.flatMap(([key, kind]) => (ids[key] ? [{ kind, value: ids[key] }] : []));

/** How many identifiers a customer was named by: two or more link something. */
const countOf = (ids: CustomerIds) => (ids.phone ? 1 : 0) + identitiesOf(ids).length;

/**
 * A holder that is one person with the others. A username can change hands (Meta lets users
 * change it), so the contact keyed by a username merges only when the username is all it has; a
 * contact that has it beside another identifier only loses the username to the new holder.
 */
const mergeable = (h: IdentityHolder, own: Map<number, Identity[]>): boolean =>
  h.kind !== 'username' || (h.keyedBy && (own.get(h.contactId) ?? []).every((i) => i.kind === 'username'));

/**
 * Learns that `ids` name one customer of the company (decision 0421), in the caller's unit: every
 * identifier locked (exclusive, in key order, so messages resolving them wait), the contacts that
 * hold any of them merged into one — the phone's holder, else the oldest (`mergeIn`: tickets,
 * messages, notes, tags… moved, an audit row) —, that contact given the phone as its number when it
 * had none, and every other identifier mapped to it. Nothing held yet: nothing to do.
 */
export const learnIdentitiesIn = async (unit: Unit, companyId: number, ids: CustomerIds, actor: MergeActor = systemCtx(companyId)): Promise<LearnResult> => {
  const others = identitiesOf(ids);
  await contactsWrites.lockIdentities(unit.tx, companyId, [...(ids.phone ? [{ kind: 'phone', value: ids.phone }] : []), ...others]);
  const phoneHolder = ids.phone ? await contactsQueries.getByNumber(unit.tx, companyId, ids.phone) : undefined;
  const holders = await contactsWrites.identityHolders(unit.tx, companyId, others);
  const own = new Map<number, Identity[]>();
  for (const h of holders) own.set(h.contactId, await contactsWrites.identitiesOf(unit.tx, companyId, h.contactId));
  const joining = holders.filter((h) => mergeable(h, own)).map((h) => h.contactId);
  const contacts = [...new Set([...(phoneHolder && !phoneHolder.isGroup ? [phoneHolder.id] : []), ...joining])];
  if (contacts.length === 0) return { contactId: null, merged: [] };
  const keep = phoneHolder && !phoneHolder.isGroup ? phoneHolder.id : Math.min(...contacts);
  const merged = contacts.filter((id) => id !== keep);
  for (const drop of merged) await mergeIn(unit, companyId, { keep, drop }, actor);
  if (ids.phone && (!phoneHolder || phoneHolder.isGroup)) await takePhone(unit, companyId, keep, ids.phone, actor);
  await contactsWrites.linkIdentities(unit.tx, companyId, keep, others);
  return { contactId: keep, merged };
};

/** The kept contact, known until now by a LID or user id, takes the phone it turned out to have as its number (audited). */
const takePhone = async ({ tx, stage }: Unit, companyId: number, contactId: number, phone: string, actor: MergeActor) => {
  const before = await contactsQueries.get(tx, companyId, contactId);
  if (!before) throw new AppError('ERR_NO_CONTACT_FOUND');
  // A customer's first message by phone may commit this very moment (it takes no lock): then this
  // fails on the number's unique index and the caller learns again, merging into that contact.
  await contactsWrites.setNumber(tx, companyId, contactId, phone);
  await auditQueries.record(tx, { ...systemCtx(companyId), ...actor }, { entity: 'contact', entityId: contactId, action: 'update', before: { number: before.number }, after: { number: phone } });
  stage({ type: 'contact.updated', companyId, contact: (await contactsQueries.getDto(tx, companyId, contactId))! });
};

/** A customer's identifiers changed (Meta's `user_changed_number` / `user_changed_user_id` system messages; decision 0424). */
export interface IdentityChange {
  previous: CustomerIds;
  current: CustomerIds;
}

/** The contact an identifier set names: the phone's holder, else the holder of its user id or LID (a username can change hands: not asked). */
const holderOf = async ({ tx }: Unit, companyId: number, ids: CustomerIds): Promise<number | undefined> => {
  const byPhone = ids.phone ? await contactsQueries.getByNumber(tx, companyId, ids.phone) : undefined;
  if (byPhone && !byPhone.isGroup) return byPhone.id;
  return (await contactsWrites.identityHolders(tx, companyId, identitiesOf(ids).filter((i) => i.kind !== 'username')))[0]?.contactId;
};

/**
 * Learns that a customer's identifiers changed (decision 0424), in the caller's unit: the contact
 * the previous ones name keeps its tickets under the current ones — merged (`mergeIn`) into the
 * contact that already holds the current ones, if any; its number, when it was a previous
 * identifier, becomes the current phone (else user id); the previous user id's row goes and the
 * current ones point at it. One audit row says what changed. Nobody held either: nothing to do.
 */
export const learnChangeIn = async (unit: Unit, companyId: number, change: IdentityChange, actor: MergeActor = systemCtx(companyId)): Promise<LearnResult> => {
  const { previous, current } = change;
  const keys = (ids: CustomerIds) => [...(ids.phone ? [{ kind: 'phone', value: ids.phone }] : []), ...identitiesOf(ids)];
  await contactsWrites.lockIdentities(unit.tx, companyId, [...keys(previous), ...keys(current)]);
  const old = await holderOf(unit, companyId, previous);
  const now = await holderOf(unit, companyId, current);
  const keep = now ?? old;
  if (keep === undefined) return { contactId: null, merged: [] };
  const merged = old !== undefined && old !== keep ? [old] : [];
  for (const drop of merged) await mergeIn(unit, companyId, { keep, drop }, actor);
  const before = await contactsQueries.get(unit.tx, companyId, keep);
  if (!before) throw new AppError('ERR_NO_CONTACT_FOUND');
  const next = current.phone ?? current.cloudUserId;
  const renumber = !!next && before.number !== next && [previous.phone, previous.cloudUserId].includes(before.number);
  if (renumber) await contactsWrites.setNumber(unit.tx, companyId, keep, next);
  const gone = identitiesOf(previous).filter((p) => !identitiesOf(current).some((c) => c.kind === p.kind && c.value === p.value));
  const unlinked = await contactsWrites.unlinkIdentities(unit.tx, companyId, keep, gone);
  const had = await contactsWrites.identitiesOf(unit.tx, companyId, keep);
  const linking = identitiesOf(current).filter((c) => !had.some((h) => h.kind === c.kind && h.value === c.value) && c.value !== (renumber ? next : before.number));
  await contactsWrites.linkIdentities(unit.tx, companyId, keep, linking);
  if (!renumber && unlinked === 0 && linking.length === 0) return { contactId: keep, merged };
  await auditQueries.record(unit.tx, { ...systemCtx(companyId), ...actor }, {
    entity: 'contact',
    entityId: keep,
    action: 'update',
    before: { number: before.number, identifiers: previous },
    after: { number: renumber ? next : before.number, identifiers: current },
  });
  unit.stage({ type: 'contact.updated', companyId, contact: (await contactsQueries.getDto(unit.tx, companyId, keep))! });
  return { contactId: keep, merged };
};

/** A race another transaction won (a number just taken, a contact just merged, a deadlock): learning again settles it. */
const retryable = (err: unknown): boolean => {
  const code = (err as { code?: string }).code ?? (err as { cause?: { code?: string } }).cause?.code;
  return code === '23505' || code === '40P01' || code === '40001' || (err instanceof AppError && err.code === 'ERR_NO_CONTACT_FOUND');
};

/** Learned pairs per process: a customer's identifiers cost one transaction per process, then none. */
const LEARNED_KEPT = 20_000;
const LEARNED_TTL_MS = 6 * 60 * 60_000;

/**
 * The inbound pipeline's identity port (decision 0422): `learn` runs `learnIdentitiesIn` in its own
 * transaction, again after a lost race (up to 5 times), and remembers what it learned so the same
 * customer's next messages cost nothing. One identifier alone teaches nothing and costs nothing.
 */
export const createIdentityLearner = (data: DataAccess) => {
  const learned = new BoundedCache(LEARNED_KEPT, LEARNED_TTL_MS);
  const learn = async (companyId: number, ids: CustomerIds): Promise<LearnResult | undefined> => {
    if (countOf(ids) < 2) return undefined;
    const key = `${companyId}|${ids.phone ?? ''}|${ids.lid ?? ''}|${ids.cloudUserId ?? ''}|${ids.username ?? ''}`;
    if (learned.get<true>(key)) return undefined;
    for (let attempt = 1; ; attempt++) {
      try {
        const r = await data.withTenant({ companyId }, (unit) => learnIdentitiesIn(unit, companyId, ids));
        // Nobody held them yet (cannot happen after a stored message, but then nothing was learned).
        if (r.contactId !== null) learned.set(key, true);
        return r;
      } catch (err) {
        if (attempt >= 5 || !retryable(err)) throw err;
      }
    }
  };
  /** `learnChangeIn` in its own transaction, again after a lost race (up to 5 times); never remembered (a change happens once). */
  const change = async (companyId: number, c: IdentityChange): Promise<LearnResult> => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await data.withTenant({ companyId }, (unit) => learnChangeIn(unit, companyId, c));
      } catch (err) {
        if (attempt >= 5 || !retryable(err)) throw err;
      }
    }
  };
  return { learn, change };
};

export type IdentityLearner = ReturnType<typeof createIdentityLearner>;
