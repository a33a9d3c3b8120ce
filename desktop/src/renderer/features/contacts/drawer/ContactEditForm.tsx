import { Button, Flex, Form, Input } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { CreateContactBody, name2to50, type ContactDto } from '@balcao/shared';
import { useFormSave } from '../../../components/FormDialog';
import { zodRule } from '../../../lib/zodRule';
import { drawerApi, type ContactEdit } from './drawer.api';

const nameRule = zodRule(name2to50);
const numberRule = zodRule(CreateContactBody.shape.number);
const emailRule = zodRule(CreateContactBody.shape.email);

/**
 * The drawer's edit form (attendance.md §5: name 2–50, number 8–50 digits, email optional but
 * valid) with extra-info rows (name/value). Saves through PUT /contacts/{id}.
 */
export const ContactEditForm = ({ contact, onSaved, onCancel }: { contact: ContactDto; onSaved: (c: ContactDto) => void; onCancel: () => void }) => {
  const { t } = useTranslation();
  const [form] = Form.useForm<ContactEdit>();
  // Saved, the drawer shows the contact again (as after 'Cancelar').
  const { saving, run } = useFormSave({ form, onClose: onCancel, success: t('drawer.contactSaved') });

  const save = (values: ContactEdit) =>
    run(async () => {
      const extraInfo = (values.extraInfo ?? []).map((x) => ({ name: (x.name ?? '').trim(), value: x.value ?? '' })).filter((x) => x.name);
      onSaved(await drawerApi.saveContact(contact.id, { name: values.name.trim(), number: values.number.trim(), email: (values.email ?? '').trim(), extraInfo }));
    });

  return (
    <Form
      form={form}
      layout="vertical"
      data-testid="drawer-edit-form"
      initialValues={{ name: contact.name, number: contact.number, email: contact.email, extraInfo: contact.extraInfo }}
      onFinish={(v) => void save(v)}
    >
      <Form.Item name="name" label={t('drawer.name')} rules={[nameRule]}>
        <Input data-testid="drawer-name" autoFocus maxLength={50} />
      </Form.Item>
      <Form.Item name="number" label={t('drawer.number')} rules={[numberRule]}>
        <Input data-testid="drawer-number" inputMode="tel" placeholder={t('drawer.numberPlaceholder')} maxLength={50} />
      </Form.Item>
      <Form.Item name="email" label={t('drawer.email')} rules={[emailRule]}>
        <Input data-testid="drawer-email" type="email" maxLength={120} />
      </Form.Item>
      <Form.List name="extraInfo">
        {(fields, { add, remove }) => (
          <Flex vertical gap={8} style={{ marginBottom: 16 }}>
            {fields.map(({ key, name }) => (
              <Flex key={key} gap={8} align="start" data-testid="drawer-extra-row">
                <Form.Item name={[name, 'name']} rules={[{ required: true, whitespace: true, message: t('drawer.extraNameRequired') }]} style={{ flex: 1, marginBottom: 0, minWidth: 0 }}>
                  <Input placeholder={t('drawer.extraName')} aria-label={t('drawer.extraName')} maxLength={100} data-testid="drawer-extra-name" />
                </Form.Item>
                <Form.Item name={[name, 'value']} style={{ flex: 1, marginBottom: 0, minWidth: 0 }}>
                  <Input placeholder={t('drawer.extraValue')} aria-label={t('drawer.extraValue')} maxLength={1000} data-testid="drawer-extra-value" />
                </Form.Item>
                <Button type="text" danger icon={<DeleteOutlined />} onClick={() => remove(name)} aria-label={t('drawer.removeExtra')} data-testid="drawer-extra-remove" />
              </Flex>
            ))}
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ name: '', value: '' })} data-testid="drawer-extra-add" disabled={fields.length >= 50}>
              {t('drawer.addExtra')}
            </Button>
          </Flex>
        )}
      </Form.List>
      <Flex gap={8} justify="end">
        <Button onClick={onCancel} data-testid="drawer-cancel">
          {t('common.cancel')}
        </Button>
        <Button type="primary" htmlType="submit" loading={saving} data-testid="drawer-save">
          {t('drawer.save')}
        </Button>
      </Flex>
    </Form>
  );
};
