import { useEffect } from 'react';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { contactListItemFields, type ContactListItemDto } from '@balcao/shared';
import { FormDialog, useFormSave, type EditDialogProps } from '../../components/FormDialog';
import { zodRule } from '../../lib/zodRule';
import { contactListsApi, type ContactListItemForm } from './contact-lists.api';

type Props = EditDialogProps<ContactListItemDto> & { contactListId: number };

const rules = { name: zodRule(contactListItemFields.name), number: zodRule(contactListItemFields.number), email: zodRule(contactListItemFields.email) };

/** Add/edit a person of a list (administration.md §5: name 2-50, number 8-50, email valid ('Invalid email')). */
export const ContactListItemModal = ({ open, contactListId, record: item, onClose, onSaved }: Props) => {
  const { t } = useTranslation();
  const [form] = Form.useForm<ContactListItemForm>();
  const { run, dialog } = useFormSave({ form, onClose, success: t('contactLists.items.saved'), duplicate: { field: 'number', text: t('contactLists.items.numberTaken') } });

  useEffect(() => {
    if (open) form.setFieldsValue({ name: item?.name ?? '', number: item?.number ?? '', email: item?.email ?? '' });
  }, [open, item, form]);

  const submit = (v: ContactListItemForm) =>
    run(async () => {
      const body = { name: v.name, number: v.number, email: v.email ?? '' };
      onSaved(item ? await contactListsApi.updateItem(item.id, body) : await contactListsApi.createItem(contactListId, body));
    });

  return (
    <FormDialog<ContactListItemForm>
      {...dialog}
      open={open}
      title={t(item ? 'contactLists.items.editTitle' : 'contactLists.items.addTitle')}
      okText={t(item ? 'contactLists.save' : 'contactLists.create')}
      onFinish={submit}
      testIds={{ save: 'cl-item-save', form: 'cl-item-form' }}
      forceRender
    >
      <Form.Item name="name" label={t('contactLists.items.name')} rules={[rules.name]}>
        <Input autoFocus maxLength={50} data-testid="cl-item-name" />
      </Form.Item>
      <Form.Item name="number" label={t('contactLists.items.number')} rules={[rules.number]} extra={t('contactLists.items.numberHelp')}>
        <Input maxLength={50} inputMode="tel" data-testid="cl-item-number" />
      </Form.Item>
      <Form.Item name="email" label={t('contactLists.items.email')} rules={[rules.email]}>
        <Input maxLength={120} type="email" data-testid="cl-item-email" />
      </Form.Item>
    </FormDialog>
  );
};
