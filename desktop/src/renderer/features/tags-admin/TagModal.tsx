import { useEffect } from 'react';
import { ColorPicker, Flex, Form, Input, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { can, TAG_DEFAULT_COLOR, tagName, type TagListItemDto } from '@balcao/shared';
import { FormDialog, useFormSave, type EditDialogProps } from '../../components/FormDialog';
import { useSession } from '../../lib/session';
import { zodRule } from '../../lib/zodRule';
import { tagsAdminApi } from './tags-admin.api';

interface Values {
  name: string;
  color: string;
  kanban: boolean;
}

type Props = EditDialogProps<TagListItemDto>;

const nameRule = zodRule(tagName);
/** Colours offered at a click (any other through the picker). */
const PRESETS = ['#f5222d', '#fa8c16', '#fadb14', '#52c41a', '#13c2c2', '#1677ff', '#722ed1', '#eb2f96', '#999999'];

/** Add/edit a tag (administration.md §3, §5, §6): name ('Obrigatório', 'Mensagem muito curta'), colour, kanban (admins and supervisors). */
export const TagModal = ({ open, record: tag, onClose, onSaved }: Props) => {
  const { t } = useTranslation();
  const me = useSession((s) => s.user);
  const mayKanban = !!me && can(me, 'tags:setKanban');
  const [form] = Form.useForm<Values>();
  const { run, dialog } = useFormSave({ form, onClose, success: t('tagsAdmin.saved'), duplicate: { field: 'name', text: t('tagsAdmin.nameTaken') } });

  useEffect(() => {
    if (!open) return;
    form.setFieldsValue({ name: tag?.name ?? '', color: tag?.color ?? TAG_DEFAULT_COLOR, kanban: tag?.kanban === 1 });
  }, [open, tag, form]);

  const submit = (v: Values) =>
    run(async () => {
      const body = { name: v.name, color: v.color, ...(mayKanban ? { kanban: !!v.kanban } : {}) };
      onSaved(tag ? await tagsAdminApi.update(tag.id, body) : { ...(await tagsAdminApi.create(body)), ticketsCount: 0 });
    });

  return (
    <FormDialog<Values>
      {...dialog}
      open={open}
      title={t(tag ? 'tagsAdmin.editTitle' : 'tagsAdmin.addTitle')}
      okText={t(tag ? 'tagsAdmin.save' : 'tagsAdmin.create')}
      onFinish={submit}
      testIds={{ save: 'tag-save', form: 'tag-form' }}
      forceRender
    >
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
    </FormDialog>
  );
};
