import { and, desc, eq, sql } from 'drizzle-orm';
import { AnnouncementDto } from '@balcao/shared';
import type { Tx } from '../../db/client';
import { dtoOf } from '../../lib/dto';
import { countWhere, offsetPage, searched } from '../../db/paging';
import { companies } from '../companies/companies.table';
import { announcements } from './announcements.table';

export type AnnouncementRow = typeof announcements.$inferSelect;

/** One page of the /announcements screen and of the popover. */
export const ANNOUNCEMENT_PAGE_SIZE = 20;

export const toAnnouncementDto: (r: AnnouncementRow) => AnnouncementDto = dtoOf(AnnouncementDto);

/** The platform company's id (the rows' owner); undefined before the first-start seed. */
export const platformId = async (tx: Tx): Promise<number | undefined> =>
  (await tx.select({ id: companies.id }).from(companies).where(eq(companies.isPlatform, true)).limit(1))[0]?.id;

/** Every company's id: who hears a change (announcements are platform-wide). */
export const companyIds = async (tx: Tx): Promise<number[]> => (await tx.select({ id: companies.id }).from(companies)).map((r) => r.id);

const ofPlatform = (platform: number) => eq(announcements.companyId, platform);

export const get = async (tx: Tx, platform: number, id: number): Promise<AnnouncementRow | undefined> =>
  (await tx.select().from(announcements).where(and(ofPlatform(platform), eq(announcements.id, id))).limit(1))[0];

/** Newest first; `activeOnly` for everyone but the super user; searched by title or text. */
export const page = async (tx: Tx, platform: number, q: { activeOnly: boolean; searchParam?: string; pageNumber: number }) => {
  const search = searched(q.searchParam?.toLowerCase(), (like) => sql`(lower(${announcements.title}) like ${like} or lower(${announcements.text}) like ${like})`);
  const where = and(ofPlatform(platform), q.activeOnly ? eq(announcements.status, true) : undefined, search);
  const query = tx.select().from(announcements).where(where).orderBy(desc(announcements.createdAt), desc(announcements.id));
  return offsetPage(query.$dynamic(), q.pageNumber, ANNOUNCEMENT_PAGE_SIZE, () => countWhere(tx, announcements, where));
};

export const insert = async (tx: Tx, data: typeof announcements.$inferInsert): Promise<AnnouncementRow> => (await tx.insert(announcements).values(data).returning())[0]!;

export const update = async (
  tx: Tx,
  platform: number,
  id: number,
  patch: Partial<Pick<AnnouncementRow, 'title' | 'text' | 'priority' | 'status' | 'mediaPath' | 'mediaName'>>,
): Promise<AnnouncementRow | undefined> =>
  (await tx.update(announcements).set({ ...patch, updatedAt: new Date() }).where(and(ofPlatform(platform), eq(announcements.id, id))).returning())[0];

export const remove = async (tx: Tx, platform: number, id: number): Promise<AnnouncementRow | undefined> =>
  (await tx.delete(announcements).where(and(ofPlatform(platform), eq(announcements.id, id))).returning())[0];
