import { useEffect, useState } from 'react';
import { Button, Divider, Flex, Form, Input, Select, Skeleton, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { BusinessPeriodDto, SlaSettingsDto, SlaTargetsDto } from '@balcao/shared';
import { toastError } from '../../lib/reportError';
import { useBusy } from '../../lib/useBusy';
import { toast } from '../../lib/toast';
import { slaApi } from './sla.api';
import { SlaTargetsFields, targetsOf } from './SlaTargetsFields';

interface Values {
  company: SlaTargetsDto;
  periods: BusinessPeriodDto[];
  holidays: string[];
}

const TIME = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/;
const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 0];
const DAY_NAMES = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;

/** Settings → SLA (admins): the company's default targets, its business hours (several periods a day) and holidays. */
export const SlaSettingsPane = () => {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [loaded, setLoaded] = useState<SlaSettingsDto | null>(null);
  const [saving, run] = useBusy();

  useEffect(() => {
    slaApi.get().then(setLoaded, toastError);
  }, []);
  useEffect(() => {
    if (loaded) form.setFieldsValue({ company: loaded.company, periods: loaded.hours.periods, holidays: loaded.hours.holidays });
  }, [loaded, form]);

  const submit = (v: Values) =>
    run(async () => {
      const periods = (v.periods ?? []).map((p) => ({ weekday: p.weekday, start: p.start, end: p.end }));
      setLoaded(await slaApi.update({ company: targetsOf(v.company), hours: { periods, holidays: [...new Set(v.holidays ?? [])].sort() } }));
      toast.success(t('sla.saved'));
    });

  if (!loaded) return <Skeleton active paragraph={{ rows: 6 }} data-testid="sla-loading" />;
  const periodRule = { validator: (_: unknown, p: BusinessPeriodDto | undefined) => (p && TIME.test(p.start) && TIME.test(p.end) && p.start < p.end ? Promise.resolve() : Promise.reject(new Error(t('sla.invalidPeriod')))) };
  return (
    <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} data-testid="sla-settings" style={{ maxWidth: 720 }}>
      <Typography.Title level={5}>{t('sla.defaults')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('sla.targetsHelp')}</Typography.Paragraph>
      <SlaTargetsFields prefix={['company']} testIdPrefix="sla-default" />
      <Divider />
      <Typography.Title level={5}>{t('sla.hours')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('sla.hoursHelp')}</Typography.Paragraph>
      <Form.List name="periods">
        {(fields, { add, remove }) => (
          <Flex vertical gap={4} data-testid="sla-periods">
            {fields.map((f) => (
              <Form.Item key={f.key} name={f.name} rules={[periodRule]} style={{ marginBottom: 4 }}>
                <PeriodRow onRemove={() => remove(f.name)} index={f.name} />
              </Form.Item>
            ))}
            <Button icon={<PlusOutlined />} onClick={() => add({ weekday: 1, start: '08:00', end: '12:00' })} data-testid="sla-add-period" style={{ alignSelf: 'flex-start' }}>
              {t('sla.addPeriod')}
            </Button>
          </Flex>
        )}
      </Form.List>
      <Form.Item
        name="holidays"
        label={t('sla.holidays')}
        tooltip={t('sla.holidaysHelp')}
        rules={[{ validator: (_, v: string[] | undefined) => ((v ?? []).every((d) => DATE.test(d)) ? Promise.resolve() : Promise.reject(new Error('AAAA-MM-DD'))) }]}
        style={{ marginTop: 16 }}
      >
        <Select mode="tags" tokenSeparators={[',', ' ']} placeholder="2026-12-25" open={false} data-testid="sla-holidays" />
      </Form.Item>
      <Flex justify="end">
        <Button type="primary" htmlType="submit" loading={saving} data-testid="sla-save">
          {t('sla.save')}
        </Button>
      </Flex>
    </Form>
  );
};

/** One period: weekday, start, end (a controlled value of the Form.List item). */
const PeriodRow = ({ value, onChange, onRemove, index }: { value?: BusinessPeriodDto; onChange?: (v: BusinessPeriodDto) => void; onRemove: () => void; index: number }) => {
  const { t } = useTranslation();
  const v = value ?? { weekday: 1, start: '', end: '' };
  const set = (patch: Partial<BusinessPeriodDto>) => onChange?.({ ...v, ...patch });
  return (
    <Flex gap={6} align="center" wrap data-testid={`sla-period-${index}`}>
      <Select
        value={v.weekday}
        onChange={(weekday) => set({ weekday })}
        options={WEEKDAYS.map((d) => ({ value: d, label: t(`sla.weekdays.${DAY_NAMES[d]!}`) }))}
        aria-label={t('sla.weekday')}
        style={{ flex: '1 1 120px', minWidth: 110 }}
      />
      {(['start', 'end'] as const).map((k) => (
        <Input
          key={k}
          value={v[k]}
          onChange={(e) => set({ [k]: e.target.value.replace(/[^\d:]/g, '').slice(0, 5) })}
          placeholder="HH:MM"
          inputMode="numeric"
          aria-label={t(`sla.${k}`)}
          style={{ width: 72 }}
          data-testid={`sla-period-${k}-${index}`}
        />
      ))}
      <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('sla.removePeriod')} onClick={onRemove} data-testid={`sla-period-remove-${index}`} />
    </Flex>
  );
};
