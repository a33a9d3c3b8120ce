import { useEffect, useState } from 'react';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { ContactListBody, type ContactListDto } from '@balcao/shared';
import { toastError } from '../../lib/reportError';
import { toast } from '../../lib/toast';
import { zodRule } from '../../lib/zodRule';
import { contactListsApi } from './contact-lists.api';

interface Props {
  open: boolean;
  /** Edit mode when given, add mode otherwise. */
  list: ContactListDto | null;
  onClose: () => void;
  onSaved: (l: ContactListDto) => void;
}

const nameRule = zodRule(ContactListBody.shape.name);

/** Add/rename a contact list (administration.md §5: name required, 2 to 50). */
export const ContactListModal = ({ open, list, onClose, onSaved }: Props) => {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string }>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (open) form.setFieldsValue({ name: list?.name ?? '' });
  }, [open, list, form]);

  const submit = async ({ name }: { name: string }) => {
    setSaving(true);
    try {
      onSaved(list ? await contactListsApi.update(list.id, name) : await contactListsApi.create(name));
      toast.success(t('contactLists.saved'));
      onClose();
    } catch (err) {
      toastError(err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t(list ? 'contactLists.editTitle' : 'contactLists.addTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t(list ? 'contactLists.save' : 'contactLists.create')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: saving, 'data-testid': 'cl-save' }}
      destroyOnHidden
      forceRender
      width={420}
    >
      <Form<{ name: string }> form={form} layout="vertical" onFinish={(v) => void submit(v)} data-testid="cl-form">
        <Form.Item name="name" label={t('contactLists.name')} rules={[nameRule]}>
          <Input autoFocus maxLength={50} data-testid="cl-name" />
        </Form.Item>
        <button type="submit" style={{ display: 'none' }} aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
};
