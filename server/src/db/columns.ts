import { integer, timestamp } from 'drizzle-orm/pg-core';

/** Every tenant table starts with these; RLS policies key on company_id (see drizzle/policies/10-rls.sql). */
export const companyId = () => integer('company_id').notNull();
export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
/** When a record was made and last changed: the two columns most tables end with (`...timestamps()`). */
export const timestamps = () => ({ createdAt: createdAt(), updatedAt: updatedAt() });
