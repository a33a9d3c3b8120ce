import { useEffect } from 'react';
import { Button, Flex, Form, Input, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { contactNumber, msg, name2to50, type ContactDto } from '@balcao/shared';
import { FormDialog, useFormSave } from '../../components/FormDialog';
import { ApiError } from '../../lib/http';
import { zodRule } from '../../lib/zodRule';
import { contactsApi } from './contacts.api';

interface Props {
  open: boolean;
  /** Edit mode when given, add mode otherwise. */
  contact: ContactDto | null;
  onClose: () => void;
  onSaved: (c: ContactDto) => void;
}

interface Values {
  name: string;
  number: string;
  email: string;
  extraInfo: { name: string; value: string }[];
}

const nameRule = zodRule(name2to50);
const numberRule = zodRule(contactNumber);
const emailRule = zodRule(z.union([z.literal(''), z.string().trim().email(msg.invalidEmail).max(120)]));

/** The contact that already has the number (409 ERR_DUPLICATED_CONTACT's `existingContact`). */
const existingOf = (err: unknown): ContactDto | null | undefined => {
  if (!(err instanceof ApiError)) return undefined;
  const body = err.body as { error?: string; details?: { existingContact?: ContactDto | null } } | undefined;
  return body?.error === 'ERR_DUPLICATED_CONTACT' ? (body.details?.existingContact ?? null) : undefined;
};

/** Add/edit a contact (attendance.md §5): name, number, e-mail and extra-info name/value rows. */
export const ContactModal = ({ open, contact, onClose, onSaved }: Props) => {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const fieldError = (err: unknown) => {
    const existing = existingOf(err);
    if (existing === undefined) return undefined;
    return { field: 'number', text: existing ? t('contacts.numberTakenBy', { name: existing.name }) : t('errors.ERR_DUPLICATED_CONTACT') };
  };
  const { run, dialog } = useFormSave({ form, onClose, success: t('contacts.saved'), fieldError });

  useEffect(() => {
    if (!open) return;
    form.setFieldsValue({ name: contact?.name ?? '', number: contact?.number ?? '', email: contact?.email ?? '', extraInfo: contact?.extraInfo ?? [] });
  }, [open, contact, form]);

  const submit = (values: Values) =>
    run(async () => {
      const body = {
        name: values.name.trim(),
        number: values.number.trim(),
        email: (values.email ?? '').trim(),
        extraInfo: (values.extraInfo ?? []).filter((e) => e?.name?.trim()).map((e) => ({ name: e.name.trim(), value: e.value ?? '' })),
      };
      onSaved(contact ? await contactsApi.update(contact.id, body) : await contactsApi.create(body));
    });

  return (
    <FormDialog<Values>
      {...dialog}
      open={open}
      title={t(contact ? 'contacts.editTitle' : 'contacts.addTitle')}
      okText={t('contacts.save')}
      onFinish={submit}
      testIds={{ save: 'contact-save', form: 'contact-form' }}
      width={560}
    >
      <Typography.Text strong>{t('contacts.dataTitle')}</Typography.Text>
      <Flex wrap gap={8} style={{ marginTop: 8 }}>
        <Form.Item name="name" label={t('contacts.name')} rules={[nameRule]} style={{ flex: '1 1 220px', marginBottom: 12 }}>
          <Input maxLength={50} autoFocus data-testid="contact-name" />
        </Form.Item>
        <Form.Item name="number" label={t('contacts.number')} rules={[numberRule]} style={{ flex: '1 1 220px', marginBottom: 12 }}>
          <Input maxLength={50} inputMode="tel" placeholder="5513912344321" data-testid="contact-number" />
        </Form.Item>
      </Flex>
      <Form.Item name="email" label={t('contacts.email')} rules={[emailRule]}>
        <Input type="email" maxLength={120} placeholder={t('contacts.emailPlaceholder')} data-testid="contact-email" />
      </Form.Item>
      <Typography.Text strong>{t('contacts.extraInfo')}</Typography.Text>
      <Form.List name="extraInfo">
        {(fields, { add, remove }) => (
          <Flex vertical gap={8} style={{ marginTop: 8 }}>
            {fields.map((f) => (
              <Flex key={f.key} gap={8} align="start" data-testid="contact-extra-row">
                <Form.Item name={[f.name, 'name']} rules={[{ required: true, whitespace: true, message: msg.required }]} style={{ flex: 1, marginBottom: 0 }}>
                  <Input maxLength={100} placeholder={t('contacts.extraName')} aria-label={t('contacts.extraName')} data-testid="contact-extra-name" />
                </Form.Item>
                <Form.Item name={[f.name, 'value']} style={{ flex: 1, marginBottom: 0 }}>
                  <Input maxLength={1000} placeholder={t('contacts.extraValue')} aria-label={t('contacts.extraValue')} data-testid="contact-extra-value" />
                </Form.Item>
                <Button icon={<DeleteOutlined />} aria-label={t('contacts.extraRemove')} onClick={() => remove(f.name)} data-testid="contact-extra-remove" />
              </Flex>
            ))}
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ name: '', value: '' })} disabled={fields.length >= 50} data-testid="contact-extra-add">
              {t('contacts.extraAdd')}
            </Button>
          </Flex>
        )}
      </Form.List>
    </FormDialog>
  );
};
