import { useCallback, useEffect, useMemo, useState } from 'react';
import { Badge, Button, Calendar, Empty, Flex, Radio, Typography, theme } from 'antd';
import { LeftOutlined, PlusOutlined, RightOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { ScheduleDto } from '@balcao/shared';
import { LoadingRows, PageCard } from '../../components/PageCard';
import { deleter } from '../../lib/deleter';
import { cancelable } from '../../lib/cancelable';
import { listenLive } from '../../lib/socket';
import { toast } from '../../lib/toast';
import { useMediaQuery } from '../../lib/useMediaQuery';
import { schedulesApi } from './schedules.api';
import { byDay, dayKey, inRange, rangeOf, upsert, weekDays, type CalendarView } from './schedules.logic';
import { ScheduleEvent } from './ScheduleEvent';
import { ScheduleModal } from './ScheduleModal';

/** Events a month cell shows before '+n mais'. */
const CELL_MAX = 2;

/**
 * /schedules (administration.md "Schedules"): a calendar — month (antd Calendar), week and day
 * (agenda grids) — with each schedule at its sendAt, its contact, status and edit/delete; the
 * count in the title; `?contactId=` opens the add dialog prefilled. Live on `company<id>-schedule`.
 */
export const SchedulesPage = () => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const narrow = useMediaQuery('(max-width: 575px)');
  const [params, setParams] = useSearchParams();
  const [view, setView] = useState<CalendarView>('month');
  const [anchor, setAnchor] = useState<Dayjs>(() => dayjs());
  const [records, setRecords] = useState<ScheduleDto[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [dialog, setDialog] = useState<{ open: boolean; schedule: ScheduleDto | null; contactId?: number; day?: Dayjs }>({ open: false, schedule: null });
  const range = useMemo(() => rangeOf(view, anchor), [view, anchor]);

  useEffect(() => {
    // The skeleton is for the first load; moving through the calendar keeps what shows until the answer.
    return cancelable((signal) => schedulesApi.range(range.start.toISOString(), range.end.toISOString(), signal), { then: (r) => setRecords(r.schedules), settled: () => setLoaded(true) });
  }, [range]);

  useEffect(
    () =>
      listenLive('schedule', (e) => {
        if (e.action === 'delete') setRecords((list) => list.filter((x) => x.id !== e.scheduleId));
        else setRecords((list) => upsert(list, e.schedule));
      }),
    [],
  );

  // `?contactId=`: the add dialog, prefilled (then the parameter goes, so a reload does not reopen it).
  useEffect(() => {
    const id = Number(params.get('contactId'));
    if (!Number.isInteger(id) || id <= 0) return;
    setDialog({ open: true, schedule: null, contactId: id });
    setParams((p) => {
      p.delete('contactId');
      return p;
    }, { replace: true });
  }, [params, setParams]);

  const shown = useMemo(() => records.filter((s) => inRange(s, range)), [records, range]);
  const days = useMemo(() => byDay(shown), [shown]);
  const edit = useCallback((s: ScheduleDto) => setDialog({ open: true, schedule: s }), []);
  const remove = useMemo(
    () =>
      deleter(schedulesApi.remove, (s: ScheduleDto) => {
        setRecords((list) => list.filter((x) => x.id !== s.id));
        toast.info(t('schedules.deleted'));
      }),
    [t],
  );
  const step = (n: number) => setAnchor((a) => a.add(n, view));
  const closeDialog = useCallback(() => setDialog({ open: false, schedule: null }), []);
  const onSaved = useCallback((s: ScheduleDto) => setRecords((list) => upsert(list, s)), []);
  const events = (list: ScheduleDto[], compact = false) => list.map((s) => <ScheduleEvent key={s.id} schedule={s} compact={compact} onEdit={edit} onDelete={(x) => void remove(x)} />);

  const period =
    view === 'month' ? anchor.format('MMMM YYYY') : view === 'week' ? `${range.start.format('DD/MM')} – ${range.end.subtract(1, 'day').format('DD/MM/YYYY')}` : anchor.format('dddd, DD/MM/YYYY');

  const dayColumn = (d: Dayjs, list: ScheduleDto[]) => (
    <Flex vertical key={dayKey(d)} data-testid="schedules-day" data-day={dayKey(d)} style={{ minWidth: 0, flex: 1, borderInlineStart: narrow ? undefined : `1px solid ${token.colorBorderSecondary}`, padding: 4 }}>
      <Button type="text" size="small" onClick={() => (setAnchor(d), setView('day'))} style={{ fontWeight: d.isSame(dayjs(), 'day') ? 700 : 400, color: d.isSame(dayjs(), 'day') ? token.colorPrimary : undefined }}>
        {d.format(narrow ? 'ddd DD/MM' : 'ddd DD')}
      </Button>
      {events(list)}
    </Flex>
  );

  const month = (
    <>
      <Calendar
        fullscreen={!narrow}
        value={anchor}
        headerRender={() => null}
        onSelect={(d, info) => {
          setAnchor(d);
          // Narrow: the day's agenda shows under the small calendar; wide: a click opens the day.
          if (info.source === 'date' && !narrow) setView('day');
        }}
        cellRender={(d, info) => {
          if (info.type !== 'date') return info.originNode;
          const list = days.get(dayKey(d)) ?? [];
          if (narrow) return list.length ? <Badge count={list.length} size="small" color={token.colorPrimary} data-testid="schedules-day-count" /> : null;
          return (
            <div data-testid="schedules-cell" data-day={dayKey(d)}>
              {events(list.slice(0, CELL_MAX), true)}
              {list.length > CELL_MAX && <Typography.Text type="secondary" style={{ fontSize: 12 }}>{t('schedules.more', { count: list.length - CELL_MAX })}</Typography.Text>}
            </div>
          );
        }}
        data-testid="schedules-calendar"
      />
      {narrow && <Flex vertical style={{ marginTop: 8 }}>{dayColumn(anchor, days.get(dayKey(anchor)) ?? [])}</Flex>}
    </>
  );

  const week = (
    <Flex vertical={narrow} style={{ minHeight: narrow ? undefined : 320 }} data-testid="schedules-week">
      {weekDays(anchor).map((d) => dayColumn(d, days.get(dayKey(d)) ?? []))}
    </Flex>
  );

  const hours = Array.from({ length: 24 }, (_, h) => h);
  const dayList = days.get(dayKey(anchor)) ?? [];
  const day = (
    <Flex vertical data-testid="schedules-dayview">
      {hours.map((h) => {
        const list = dayList.filter((s) => dayjs(s.sendAt).hour() === h);
        return (
          <Flex key={h} gap={8} style={{ borderTop: `1px solid ${token.colorBorderSecondary}`, minHeight: 32, padding: '2px 0' }} data-testid="schedules-hour" data-hour={h}>
            <Typography.Text type="secondary" style={{ width: 44, flex: 'none', fontSize: 12, paddingTop: 4 }}>
              {`${String(h).padStart(2, '0')}:00`}
            </Typography.Text>
            <Flex vertical style={{ flex: 1, minWidth: 0 }}>
              {events(list)}
            </Flex>
          </Flex>
        );
      })}
    </Flex>
  );

  return (
    <PageCard>
      <Flex wrap gap={8} align="center" justify="space-between" style={{ marginBottom: 12 }}>
        <Typography.Title level={4} style={{ margin: 0 }} data-testid="schedules-title">
          {t('schedules.title', { count: shown.length })}
        </Typography.Title>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ open: true, schedule: null, day: view === 'day' ? anchor : undefined })} data-testid="schedules-add">
          {t('schedules.add')}
        </Button>
      </Flex>
      <Flex wrap gap={8} align="center" justify="space-between" style={{ marginBottom: 12 }}>
        <Flex gap={4} align="center">
          <Button icon={<LeftOutlined />} aria-label={t('schedules.previous')} onClick={() => step(-1)} data-testid="schedules-prev" />
          <Button onClick={() => setAnchor(dayjs())} data-testid="schedules-today">
            {t('schedules.today')}
          </Button>
          <Button icon={<RightOutlined />} aria-label={t('schedules.next')} onClick={() => step(1)} data-testid="schedules-next" />
          <Typography.Text strong style={{ marginInlineStart: 8, textTransform: 'capitalize' }} data-testid="schedules-period">
            {period}
          </Typography.Text>
        </Flex>
        {/* Radio buttons, not a Segmented: its sliding thumb could be caught (and once stayed) over
            another view while the layout changed at 390 px; a checked button is the view shown. */}
        <Radio.Group
          value={view}
          onChange={(e) => setView(e.target.value as CalendarView)}
          optionType="button"
          buttonStyle="solid"
          options={(['month', 'week', 'day'] as const).map((v) => ({ value: v, label: t(`schedules.views.${v}`), title: t(`schedules.views.${v}`) }))}
          data-testid="schedules-view"
        />
      </Flex>
      {!loaded ? (
        <LoadingRows testId="schedules-skeleton" rows={8} />
      ) : (
        <>
          {shown.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('schedules.empty')} data-testid="schedules-empty" style={{ margin: '8px 0' }} />}
          {view === 'month' ? month : view === 'week' ? week : day}
        </>
      )}
      <ScheduleModal open={dialog.open} schedule={dialog.schedule} contactId={dialog.contactId} day={dialog.day} onClose={closeDialog} onSaved={onSaved} />
    </PageCard>
  );
};
