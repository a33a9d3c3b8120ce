import { useEffect, useState } from 'react';
import { Button, Flex, Input, Skeleton, Table, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CompanyScheduleDay } from '@balcao/shared';
import { toastError } from '../../../lib/reportError';
import { useBusy } from '../../../lib/useBusy';
import { toast } from '../../../lib/toast';
import { settingsApi } from '../settings.api';
import { fullWeek, isTime, maskTime } from '../settings.logic';
import { useSettings } from '../settings.store';
import type { SettingsTab, SettingsTabContext } from './types';

/** 'Horários': the company's week (shown only when scheduleType is company), saved as a whole. */
const SchedulesPane = ({ ctx }: { ctx: SettingsTabContext }) => {
  const { t } = useTranslation();
  const stored = useSettings((s) => s.schedules);
  const [week, setWeek] = useState<CompanyScheduleDay[]>([]);
  const [saving, run] = useBusy();

  useEffect(() => {
    useSettings.getState().loadSchedules(ctx.companyId).catch(toastError);
  }, [ctx.companyId]);
  // What is stored (read, saved, or another admin's save heard live) replaces the rows.
  useEffect(() => {
    if (stored) setWeek(fullWeek(stored));
  }, [stored]);

  const edit = (day: string, field: 'startTime' | 'endTime', raw: string) =>
    setWeek((w) => w.map((d) => (d.weekdayEn === day ? { ...d, [field]: maskTime(raw) } : d)));
  const valid = week.every((d) => isTime(d.startTime) && isTime(d.endTime));
  const submit = () =>
    run(async () => {
      const company = await settingsApi.updateSchedules(ctx.companyId, week);
      useSettings.getState().setSchedules(company.schedules);
      toast.success(t('settingsPage.schedules.saved'));
    });

  if (!stored) return <Skeleton active paragraph={{ rows: 7 }} data-testid="schedules-loading" />;
  const timeInput = (d: CompanyScheduleDay, field: 'startTime' | 'endTime') => {
    const label = `${t(`settingsPage.weekdays.${d.weekdayEn}`)} — ${t(`settingsPage.schedules.${field}`)}`;
    return (
      <Input
        value={d[field]}
        onChange={(e) => edit(d.weekdayEn, field, e.target.value)}
        placeholder="##:##"
        inputMode="numeric"
        maxLength={5}
        status={isTime(d[field]) ? undefined : 'error'}
        aria-label={label}
        aria-invalid={!isTime(d[field])}
        style={{ maxWidth: 110 }}
        data-testid={`schedule-${field === 'startTime' ? 'start' : 'end'}-${d.weekdayEn}`}
      />
    );
  };
  const columns: TableColumnsType<CompanyScheduleDay> = [
    { key: 'day', title: t('settingsPage.schedules.weekday'), render: (_, d) => t(`settingsPage.weekdays.${d.weekdayEn}`) },
    { key: 'start', title: t('settingsPage.schedules.startTime'), render: (_, d) => timeInput(d, 'startTime') },
    { key: 'end', title: t('settingsPage.schedules.endTime'), render: (_, d) => timeInput(d, 'endTime') },
  ];
  return (
    <Flex vertical gap={12}>
      <Typography.Text type="secondary">{t('settingsPage.schedules.help')}</Typography.Text>
      <Table<CompanyScheduleDay> data-testid="schedules-table" rowKey="weekdayEn" size="small" pagination={false} columns={columns} dataSource={week} />
      {!valid ? <Typography.Text type="danger">{t('settingsPage.schedules.invalid')}</Typography.Text> : null}
      <Flex justify="end">
        <Button type="primary" onClick={() => void submit()} loading={saving} disabled={!valid} data-testid="schedules-save">
          {t('settingsPage.schedules.save')}
        </Button>
      </Flex>
    </Flex>
  );
};

export const schedulesTab: SettingsTab = {
  key: 'schedules',
  label: (t) => t('settingsPage.tabs.schedules'),
  visible: (ctx) => ctx.settings.scheduleType?.value === 'company',
  Component: SchedulesPane,
};
