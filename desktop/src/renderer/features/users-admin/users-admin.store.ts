import type { UserDto } from '@balcao/shared';
import { byName, fold } from '../../lib/by-name';
import { createPagedList } from '../../lib/paged-list';
import { usersAdminApi } from './users-admin.api';

/** Whether a user belongs to the list searched for `search` (the server searches name and e-mail). */
export const matchesUser = (u: Pick<UserDto, 'name' | 'email'>, search: string): boolean => {
  const s = fold(search.trim());
  return !s || fold(u.name).includes(s) || u.email.toLowerCase().includes(s);
};

/** The /users table: searched, paged (infinite scroll) and live. */
export const useUsersAdmin = createPagedList<UserDto>({
  fetch: async (search, page) => {
    const r = await usersAdminApi.page(search, page);
    return { records: r.users, count: r.count, hasMore: r.hasMore };
  },
  ...byName<UserDto>(matchesUser),
});
