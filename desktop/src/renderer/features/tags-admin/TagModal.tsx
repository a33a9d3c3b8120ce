import { useEffect, useState } from 'react';
import { ColorPicker, Flex, Form, Input, Modal, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { can, TAG_DEFAULT_COLOR, tagName, type TagListItemDto } from '@balcao/shared';
import { isDuplicateRecord } from '../../lib/errors';
import { toastError } from '../../lib/reportError';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { zodRule } from '../../lib/zodRule';
import { tagsAdminApi } from './tags-admin.api';

interface Values {
  name: string;
  color: string;
  kanban: boolean;
}

interface Props {
  open: boolean;
  /** Edit mode when given, add mode otherwise. */
  tag: TagListItemDto | null;
  onClose: () => void;
  onSaved: (t: TagListItemDto) => void;
}

const nameRule = zodRule(tagName);
/** Colours offered at a click (any other through the picker). */
const PRESETS = ['#f5222d', '#fa8c16', '#fadb14', '#52c41a', '#13c2c2', '#1677ff', '#722ed1', '#eb2f96', '#999999'];

/** Add/edit a tag (administration.md §3, §5, §6): name ('Obrigatório', 'Mensagem muito curta'), colour, kanban (admins and supervisors). */
export const TagModal = ({ open, tag, onClose, onSaved }: Props) => {
  const { t } = useTranslation();
  const me = useSession((s) => s.user);
  const mayKanban = !!me && can(me, 'tags:setKanban');
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    form.setFieldsValue({ name: tag?.name ?? '', color: tag?.color ?? TAG_DEFAULT_COLOR, kanban: tag?.kanban === 1 });
  }, [open, tag, form]);

  const submit = async (v: Values) => {
    setSaving(true);
    try {
      const body = { name: v.name, color: v.color, ...(mayKanban ? { kanban: !!v.kanban } : {}) };
      const saved = tag ? await tagsAdminApi.update(tag.id, body) : { ...(await tagsAdminApi.create(body)), ticketsCount: 0 };
      onSaved(saved);
      toast.success(t('tagsAdmin.saved'));
      onClose();
    } catch (err) {
      if (isDuplicateRecord(err)) form.setFields([{ name: 'name', errors: [t('tagsAdmin.nameTaken')] }]);
      else toastError(err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t(tag ? 'tagsAdmin.editTitle' : 'tagsAdmin.addTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t(tag ? 'tagsAdmin.save' : 'tagsAdmin.create')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: saving, 'data-testid': 'tag-save' }}
      destroyOnHidden
      forceRender
      width={440}
    >
      <Form<Values> form={form} layout="vertical" onFinish={(v) => void submit(v)} data-testid="tag-form">
        <Form.Item name="name" label={t('tagsAdmin.name')} rules={[nameRule]}>
          <Input autoFocus maxLength={100} data-testid="tag-name" />
        </Form.Item>
        <Flex gap={24} wrap align="flex-start">
          <Form.Item name="color" label={t('tagsAdmin.color')} getValueFromEvent={(c: { toHexString(): string }) => c.toHexString()}>
            <ColorPicker disabledAlpha showText presets={[{ label: t('tagsAdmin.presets'), colors: PRESETS }]} data-testid="tag-color" />
          </Form.Item>
          {mayKanban ? (
            <Form.Item name="kanban" valuePropName="checked" label={t('tagsAdmin.kanban')} tooltip={t('tagsAdmin.kanbanHelp')}>
              <Switch data-testid="tag-kanban" />
            </Form.Item>
          ) : null}
        </Flex>
        <button type="submit" style={{ display: 'none' }} aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
};
