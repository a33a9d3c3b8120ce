import { useEffect, useState } from 'react';
import { Button, Col, DatePicker, Form, Input, Row, Select, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { NO_DUE_DATE, recurrences, type CompanyDto, type PlanDto } from '@balcao/shared';
import { useFormSave } from '../../components/FormDialog';
import { refusalText } from '../../lib/reportError';
import { plansApi } from '../plans';
import { companiesApi } from './saas-admin.api';

export interface CompanyFormValues {
  name: string;
  email: string;
  phone: string;
  planId?: number;
  status: boolean;
  dueDate: Dayjs | null;
  recurrence: (typeof recurrences)[number];
  campaignsEnabled: boolean;
  password?: string;
}

/** Codes whose own text says more than the spec's generic save failure. */
const SPECIFIC = ['ERR_NO_PERMISSION', 'ERR_DUPLICATED_EMAIL', 'ERR_SESSION_EXPIRED'];

export const toFormValues = (c: CompanyDto | null): CompanyFormValues =>
  c
    ? { name: c.name, email: c.email, phone: c.phone, planId: c.planId, status: c.status, dueDate: c.dueDate && c.dueDate !== NO_DUE_DATE ? dayjs(c.dueDate) : null, recurrence: c.recurrence as CompanyFormValues['recurrence'], campaignsEnabled: true }
    : { name: '', email: '', phone: '', status: true, dueDate: null, recurrence: 'MENSAL', campaignsEnabled: true };

/** The plans a company may be put on (the super user's full list). */
export const usePlanOptions = () => {
  const [plans, setPlans] = useState<PlanDto[] | null>(null);
  useEffect(() => {
    plansApi.all().then(setPlans, () => setPlans([]));
  }, []);
  return plans;
};

interface Props {
  /** Edit mode when given (no admin password then); create mode ('Cadastrar Empresa') otherwise. */
  record: CompanyDto | null;
  onSaved: (c: CompanyDto) => void;
  onCancel?: () => void;
}

/**
 * The company form (administration.md §3 Company): name, e-mail, phone, plan, status, due date,
 * recurrence, campaigns; creating also takes the first admin's password (decision 0271).
 */
export const CompanyForm = ({ record, onSaved, onCancel }: Props) => {
  const { t } = useTranslation();
  const [form] = Form.useForm<CompanyFormValues>();
  // Saved in the edit dialog, the dialog closes; on the 'Cadastrar Empresa' tab nothing does.
  const { saving, run } = useFormSave({
    form,
    onClose: () => onCancel?.(),
    success: t('saasAdmin.saved'),
    errorText: (err) => refusalText(err, SPECIFIC, t('saasAdmin.companies.saveFailed')),
  });
  const plans = usePlanOptions();
  const required = { required: true, whitespace: true, message: t('saasAdmin.required') };

  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(toFormValues(record));
  }, [record, form]);

  const submit = (v: CompanyFormValues) =>
    run(async () => {
      // An empty due date is sent as null (administration.md §5): the company never expires.
      const common = { name: v.name.trim(), email: v.email.trim(), phone: v.phone.trim(), planId: v.planId, status: v.status, recurrence: v.recurrence, dueDate: v.dueDate ? v.dueDate.format('YYYY-MM-DD') : null };
      const saved = record ? await companiesApi.update(record.id, common) : await companiesApi.create({ ...common, campaignsEnabled: v.campaignsEnabled, password: v.password });
      if (!record) form.setFieldsValue(toFormValues(null));
      onSaved(saved);
    });

  return (
    <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} disabled={saving} data-testid={record ? 'company-edit-form' : 'company-form'} style={{ maxWidth: 820 }}>
      <Row gutter={12}>
        <Col xs={24} md={12}>
          <Form.Item name="name" label={t('saasAdmin.companies.name')} rules={[required, { min: 2, message: 'Too Short!' }, { max: 50, message: 'Too Long!' }]}>
            <Input data-testid="company-name" autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="email" label={t('saasAdmin.companies.email')} rules={[...(record ? [] : [required]), { type: 'email', message: 'Invalid email' }]}>
            <Input data-testid="company-email" autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="phone" label={t('saasAdmin.companies.phone')} rules={[{ max: 20, message: 'Too Long!' }]}>
            <Input data-testid="company-phone" inputMode="tel" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="planId" label={t('saasAdmin.companies.plan')} rules={[{ required: true, message: t('saasAdmin.required') }]}>
            <Select data-testid="company-plan" loading={plans === null} options={(plans ?? []).map((p) => ({ value: p.id, label: p.name }))} />
          </Form.Item>
        </Col>
        <Col xs={12} md={4}>
          <Form.Item name="status" label={t('saasAdmin.companies.status')} valuePropName="checked">
            <Switch data-testid="company-status" />
          </Form.Item>
        </Col>
        {!record && (
          <Col xs={12} md={4}>
            <Form.Item name="campaignsEnabled" label={t('saasAdmin.companies.campaignsEnabled')} valuePropName="checked">
              <Switch data-testid="company-campaigns" />
            </Form.Item>
          </Col>
        )}
        <Col xs={24} md={8}>
          <Form.Item name="dueDate" label={t('saasAdmin.companies.dueDate')}>
            <DatePicker format="DD/MM/YYYY" style={{ width: '100%' }} data-testid="company-due" placeholder={t('saasAdmin.companies.never')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="recurrence" label={t('saasAdmin.companies.recurrence')}>
            <Select data-testid="company-recurrence" options={recurrences.map((r) => ({ value: r, label: t(`saasAdmin.companies.recurrences.${r}`) }))} />
          </Form.Item>
        </Col>
        {!record && (
          <Col xs={24} md={8}>
            <Form.Item name="password" label={t('saasAdmin.companies.password')} extra={t('saasAdmin.companies.passwordHelp')} rules={[required, { min: 5, message: 'Too Short!' }, { max: 50, message: 'Too Long!' }]}>
              <Input.Password data-testid="company-password" autoComplete="new-password" />
            </Form.Item>
          </Col>
        )}
      </Row>
      <Row gutter={8} justify="end">
        {onCancel ? (
          <Col>
            <Button onClick={onCancel}>{t('common.cancel')}</Button>
          </Col>
        ) : (
          <Col>
            <Button onClick={() => form.setFieldsValue(toFormValues(null))}>{t('saasAdmin.companies.clear')}</Button>
          </Col>
        )}
        <Col>
          <Button type="primary" htmlType="submit" loading={saving} data-testid="company-save">
            {t('saasAdmin.save')}
          </Button>
        </Col>
      </Row>
    </Form>
  );
};
