import { useEffect } from 'react';
import { Col, Form, Input, InputNumber, Modal, Row, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PlanDto } from '@balcao/shared';
import { useFormSave, type EditDialogProps } from '../../components/FormDialog';
import { refusalText } from '../../lib/reportError';
import { emptyPlan, PLAN_SWITCHES, type PlanFormValues } from './plans.logic';
import { plansApi } from './plans.api';

/** Codes whose own text says more than the spec's generic save failure. */
const SPECIFIC = ['ERR_NO_PERMISSION', 'ERR_NO_PLAN_FOUND', 'ERR_SESSION_EXPIRED'];

/** Add/edit a plan (administration.md §7 Plan): name, limits, value in R$, the feature switches. */
export const PlanModal = ({ open, record, onClose, onSaved }: EditDialogProps<PlanDto>) => {
  const { t } = useTranslation();
  const [form] = Form.useForm<PlanFormValues>();
  const { saving, run } = useFormSave({ form, onClose, success: t('plans.saved'), errorText: (err) => refusalText(err, SPECIFIC, t('plans.saveFailed')) });

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(record ? { ...record, templateSendsPerMonth: record.templateSendsPerMonth ?? null, copilotTokenCap: record.copilotTokenCap || null } : emptyPlan());
  }, [open, record, form]);

  const submit = (values: PlanFormValues) =>
    run(async () => {
      const body = { ...values, name: values.name.trim(), templateSendsPerMonth: values.templateSendsPerMonth ?? null, copilotTokenCap: values.copilotTokenCap ?? 0 };
      const saved = record ? await plansApi.update(record.id, body) : await plansApi.create(body);
      onSaved(saved);
    });

  const limit = (name: 'users' | 'connections' | 'queues') => (
    <Col xs={24} sm={8}>
      <Form.Item name={name} label={t(`plans.${name}`)} rules={[{ required: true, message: t('plans.required') }]}>
        <InputNumber min={0} max={100_000} precision={0} style={{ width: '100%' }} data-testid={`plan-${name}`} />
      </Form.Item>
    </Col>
  );

  return (
    <Modal
      open={open}
      title={record ? t('plans.editTitle') : t('plans.addTitle')}
      okText={t('plans.save')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'plan-save' } as never}
      destroyOnHidden
      width={640}
    >
      <Form form={form} layout="vertical" onFinish={submit} data-testid="plan-form" disabled={saving}>
        <Form.Item
          name="name"
          label={t('plans.name')}
          rules={[
            { required: true, whitespace: true, message: t('plans.required') },
            { min: 2, message: 'Too Short!' },
            { max: 100, message: 'Too Long!' },
          ]}
        >
          <Input autoFocus maxLength={100} data-testid="plan-name" />
        </Form.Item>
        <Row gutter={12}>
          {limit('users')}
          {limit('connections')}
          {limit('queues')}
        </Row>
        <Form.Item name="value" label={t('plans.value')} rules={[{ required: true, message: t('plans.required') }]}>
          <InputNumber
            min={0}
            max={1_000_000_000}
            precision={2}
            step={10}
            decimalSeparator=","
            prefix={t('plans.currency')}
            style={{ width: '100%' }}
            data-testid="plan-value"
          />
        </Form.Item>
        <Form.Item name="templateSendsPerMonth" label={t('plans.templateSendsPerMonth')} extra={t('plans.templateSendsHint')}>
          <InputNumber min={0} max={10_000_000} precision={0} placeholder={t('plans.noCap')} style={{ width: '100%' }} data-testid="plan-templateSendsPerMonth" />
        </Form.Item>
        <Form.Item name="copilotTokenCap" label={t('plans.copilotTokenCap')} extra={t('plans.copilotTokenCapHint')}>
          <InputNumber min={0} max={1_000_000_000} precision={0} step={100_000} placeholder={t('plans.noCap')} style={{ width: '100%' }} data-testid="plan-copilotTokenCap" />
        </Form.Item>
        <Typography.Text strong>{t('plans.features')}</Typography.Text>
        <Row gutter={12} style={{ marginTop: 8 }}>
          {PLAN_SWITCHES.map((flag) => (
            <Col xs={12} sm={6} key={flag}>
              <Form.Item name={flag} label={t(`plans.${flag}`)} valuePropName="checked">
                <Switch data-testid={`plan-flag-${flag}`} aria-label={t(`plans.${flag}`)} />
              </Form.Item>
            </Col>
          ))}
        </Row>
        <Form.Item name="signup" label={t('signup.offered')} valuePropName="checked" extra={t('signup.offeredHelp')}>
          <Switch data-testid="plan-signup" aria-label={t('signup.offered')} />
        </Form.Item>
      </Form>
    </Modal>
  );
};
