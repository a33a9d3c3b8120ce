import type { TagDto } from '@balcao/shared';

/** A known tag's value in the selector; anything else there is a name just typed. */
export const tagValue = (id: number): string => `tag:${id}`;

/**
 * What a change of the selector means: values are `tagValue`s or a name just typed.
 * A typed name that matches a known tag (whatever its case and spaces) is that tag, never a twin.
 */
export const planTagChange = (values: string[], known: TagDto[]): { ids: number[]; create: string[] } => {
  const byId = new Map(known.map((t) => [tagValue(t.id), t]));
  const byName = new Map(known.map((t) => [t.name.trim().toLowerCase(), t]));
  const ids: number[] = [];
  const create: string[] = [];
  for (const v of values) {
    const tag = byId.get(v) ?? byName.get(v.trim().toLowerCase());
    if (tag) {
      if (!ids.includes(tag.id)) ids.push(tag.id);
      continue;
    }
    const name = v.trim();
    if (name && !create.some((c) => c.toLowerCase() === name.toLowerCase())) create.push(name);
  }
  return { ids, create };
};

/** administration.md §5: a tag's name has at least 3 characters. */
export const TAG_NAME_MIN = 3;
