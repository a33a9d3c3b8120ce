import { useEffect } from 'react';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { ContactListBody, type ContactListDto } from '@balcao/shared';
import { FormDialog, useFormSave, type EditDialogProps } from '../../components/FormDialog';
import { zodRule } from '../../lib/zodRule';
import { contactListsApi } from './contact-lists.api';

type Props = EditDialogProps<ContactListDto>;

const nameRule = zodRule(ContactListBody.shape.name);

/** Add/rename a contact list (administration.md §5: name required, 2 to 50). */
export const ContactListModal = ({ open, record: list, onClose, onSaved }: Props) => {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string }>();
  const { run, dialog } = useFormSave({ form, onClose, success: t('contactLists.saved') });

  useEffect(() => {
    if (open) form.setFieldsValue({ name: list?.name ?? '' });
  }, [open, list, form]);

  const submit = ({ name }: { name: string }) => run(async () => onSaved(list ? await contactListsApi.update(list.id, name) : await contactListsApi.create(name)));

  return (
    <FormDialog<{ name: string }>
      {...dialog}
      open={open}
      title={t(list ? 'contactLists.editTitle' : 'contactLists.addTitle')}
      okText={t(list ? 'contactLists.save' : 'contactLists.create')}
      onFinish={submit}
      testIds={{ save: 'cl-save', form: 'cl-form' }}
      forceRender
      width={420}
    >
      <Form.Item name="name" label={t('contactLists.name')} rules={[nameRule]}>
        <Input autoFocus maxLength={50} data-testid="cl-name" />
      </Form.Item>
    </FormDialog>
  );
};
