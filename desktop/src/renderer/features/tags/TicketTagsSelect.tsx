import { useEffect, useMemo, useState, type CSSProperties } from 'react';
import { Select, Tag, theme } from 'antd';
import { TagsOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TagDto, TicketDto } from '@balcao/shared';
import { cancelable } from '../../lib/cancelable';
import { toastError } from '../../lib/reportError';
import { toast } from '../../lib/toast';
import { tagsApi } from './tags.api';
import { planTagChange, TAG_NAME_MIN, tagValue } from './tags.logic';

type TagRef = TicketDto['tags'][number];

interface Props {
  ticket: TicketDto;
  /** The ticket as the server answered after its tags changed (apply it to the lists). */
  onChanged: (ticket: TicketDto) => void;
}

/**
 * The conversation header's tag selector (attendance.md §7: GET /tags/list, POST /tags, POST
 * /tags/sync): choose the company's tags, or type a new name and press Enter to create it.
 * Every change sets the ticket's tags to exactly the chosen ones.
 */
export const TicketTagsSelect = ({ ticket, onChanged }: Props) => {
  const { t } = useTranslation();
  return (
    <TagsSelect
      value={ticket.tags}
      testId="ticket-tags"
      label={t('tags.label')}
      placeholder={t('tags.placeholder')}
      onSync={async (ids) => onChanged(await tagsApi.sync(ticket.id, ids.map((id) => ({ id }))))}
    />
  );
};

interface SelectProps {
  /** The tags the thing (ticket, contact) has now. */
  value: TagRef[];
  /** Sets its tags to exactly `ids` (and applies the answer); throws to report a failure. */
  onSync: (ids: number[]) => Promise<void>;
  testId: string;
  label: string;
  placeholder: string;
  style?: CSSProperties;
}

/**
 * A tag selector over the company's tags (a ticket's in the header, a contact's in the drawer):
 * choose, or type a new name and press Enter to create it (POST /tags) before the sync.
 */
export const TagsSelect = ({ value, onSync, testId, label, placeholder, style }: SelectProps) => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [known, setKnown] = useState<TagDto[] | null>(null);
  const [saving, setSaving] = useState(false);
  const [search, setSearch] = useState('');

  // Loaded on mount and again each time the list opens (colleagues create tags too).
  const [loads, setLoads] = useState(0);
  useEffect(
    () =>
      cancelable((signal) => tagsApi.list(signal), {
        then: setKnown,
        failed: (err) => {
          setKnown((k) => k ?? []);
          toastError(err);
        },
      }),
    [loads],
  );

  // The ticket's own tags are options even before the list arrives (they may be newer than it).
  const options = useMemo(() => {
    const all = new Map<number, { id: number; name: string; color: string }>();
    for (const tag of known ?? []) all.set(tag.id, tag);
    for (const tag of value) if (!all.has(tag.id)) all.set(tag.id, tag);
    return [...all.values()].map((tag) => ({ value: tagValue(tag.id), label: tag.name, color: tag.color }));
  }, [known, value]);
  const colourOf = (value: string) => options.find((o) => o.value === value)?.color;

  const change = async (values: string[]) => {
    const all: TagDto[] = [...(known ?? []), ...value.map((g) => ({ ...g, kanban: 0 }))];
    const plan = planTagChange(values, all);
    const short = plan.create.find((name) => name.length < TAG_NAME_MIN);
    if (short !== undefined) {
      toast.error(t('tags.tooShort'));
      return;
    }
    setSaving(true);
    try {
      const made: TagDto[] = [];
      for (const name of plan.create) made.push(await tagsApi.create(name));
      if (made.length) setKnown((k) => [...(k ?? []), ...made].sort((x, y) => x.name.localeCompare(y.name)));
      await onSync([...plan.ids, ...made.map((m) => m.id)]);
      if (made.length) toast.success(t('tags.created', { name: made.map((m) => m.name).join(', ') }));
    } catch (err) {
      toastError(err);
    } finally {
      setSaving(false);
      setSearch('');
    }
  };

  return (
    <Select
      mode="tags"
      data-testid={testId}
      aria-label={label}
      style={style ?? { flex: '1 1 200px', minWidth: 160, maxWidth: 360 }}
      placeholder={
        <span>
          <TagsOutlined /> {placeholder}
        </span>
      }
      value={value.map((g) => tagValue(g.id))}
      options={options}
      loading={known === null || saving}
      disabled={saving}
      optionFilterProp="label"
      searchValue={search}
      onSearch={setSearch}
      notFoundContent={known === null ? t('common.loading') : t('tags.empty')}
      onChange={(values: string[]) => void change(values)}
      onOpenChange={(open) => {
        if (open && known !== null) setLoads((n) => n + 1);
      }}
      tagRender={({ value, label, closable, onClose }) => (
        <Tag
          color={colourOf(String(value))}
          closable={closable && !saving}
          onClose={onClose}
          onMouseDown={(e) => e.preventDefault()}
          // The tag's own colour on its tint, as on the list items: the select's light text is unreadable on it in dark mode.
          style={{ marginInlineEnd: 4, color: colourOf(String(value)) ?? token.colorText }}
        >
          {label}
        </Tag>
      )}
      optionRender={(o) => (
        <span>
          <span style={{ display: 'inline-block', width: 10, height: 10, borderRadius: 5, marginInlineEnd: 8, background: (o.data as { color?: string }).color ?? token.colorTextQuaternary }} />
          {o.label}
        </span>
      )}
    />
  );
};
