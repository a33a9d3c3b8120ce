import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';

/** An identifier of a customer other than the phone, as `contact_identities.kind` stores it (decision 0420). */
export type IdentityKind = 'lid' | 'cloud_user_id' | 'username';

export interface Identity {
  kind: IdentityKind;
  value: string;
}

/** Who holds an identifier: the contact it is mapped to, else the contact keyed by it (its `number`). */
export interface IdentityHolder extends Identity {
  contactId: number;
  /** The holder's number is the identifier itself (a contact made from a message that named nothing else). */
  keyedBy: boolean;
}

/**
 * Exclusive transaction locks on a company's identifiers (`phone` included), in the order of their
 * keys: learning waits for messages resolving them and they for it (22-ingest-identity.sql).
 */
export const lockIdentities = async (tx: Tx, companyId: number, ids: readonly { kind: string; value: string }[]): Promise<void> => {
  if (ids.length === 0) return;
  await tx.execute(sql`select pg_advisory_xact_lock(k) from (
      select distinct balcao_identity_key(${companyId}::int, i.kind, i.value) as k
      from jsonb_to_recordset(${JSON.stringify(ids)}::jsonb) as i(kind text, value text) order by 1) s`);
};

/** The holders of each identifier that has one, mapped rows first. */
export const identityHolders = async (tx: Tx, companyId: number, ids: readonly Identity[]): Promise<IdentityHolder[]> => {
  if (ids.length === 0) return [];
  const rows = await tx.execute<{ kind: IdentityKind; value: string; contact_id: number; keyed_by: boolean }>(sql`
    select i.kind, i.value, coalesce(m.contact_id, k.id) as contact_id, m.contact_id is null as keyed_by
    from jsonb_to_recordset(${JSON.stringify(ids)}::jsonb) as i(kind text, value text)
    left join contact_identities m on m.company_id = ${companyId} and m.kind = i.kind and m.value = i.value
    left join contacts k on m.contact_id is null and k.company_id = ${companyId} and k.number = i.value and not k.is_group
    where coalesce(m.contact_id, k.id) is not null`);
  return (rows as unknown as { kind: IdentityKind; value: string; contact_id: number; keyed_by: boolean }[]).map((r) => ({
    kind: r.kind,
    value: r.value,
    contactId: r.contact_id,
    keyedBy: r.keyed_by,
  }));
};

/** The identifiers now point at `contactId` (a username that changed hands follows its new holder). */
export const linkIdentities = async (tx: Tx, companyId: number, contactId: number, ids: readonly Identity[]): Promise<void> => {
  if (ids.length === 0) return;
  await tx.execute(sql`insert into contact_identities (company_id, contact_id, kind, value)
    select ${companyId}, ${contactId}, i.kind, i.value from jsonb_to_recordset(${JSON.stringify(ids)}::jsonb) as i(kind text, value text)
    on conflict (company_id, kind, value) do update set contact_id = excluded.contact_id, updated_at = now()
      where contact_identities.contact_id <> excluded.contact_id`);
};

/** A contact's identifiers (the merge keeps them on the kept contact; the contact screen may show them). */
export const identitiesOf = async (tx: Tx, companyId: number, contactId: number): Promise<Identity[]> =>
  (await tx.execute<{ kind: IdentityKind; value: string }>(sql`select kind, value from contact_identities where company_id = ${companyId} and contact_id = ${contactId} order by kind, value`)) as unknown as Identity[];

/** A merge: the dropped contact's identifiers now name the kept one (before the dropped row goes). */
export const moveIdentities = async (tx: Tx, companyId: number, from: number, to: number): Promise<void> => {
  await tx.execute(sql`update contact_identities set contact_id = ${to}, updated_at = now() where company_id = ${companyId} and contact_id = ${from}`);
};

/** Identifiers that no longer name `contactId` (a business-scoped user id Meta replaced; decision 0424): their rows go. */
export const unlinkIdentities = async (tx: Tx, companyId: number, contactId: number, ids: readonly Identity[]): Promise<number> => {
  if (ids.length === 0) return 0;
  const rows = await tx.execute(sql`delete from contact_identities m using jsonb_to_recordset(${JSON.stringify(ids)}::jsonb) as i(kind text, value text)
    where m.company_id = ${companyId} and m.contact_id = ${contactId} and m.kind = i.kind and m.value = i.value returning m.contact_id`);
  return (rows as unknown as unknown[]).length;
};
