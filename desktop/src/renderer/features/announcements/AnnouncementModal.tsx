import { useEffect, useState } from 'react';
import { Flex, Form, Input, Select, Switch } from 'antd';
import { PictureOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ANNOUNCEMENT_TEXT_MAX, ANNOUNCEMENT_TITLE_MAX, announcementPriorities, CreateAnnouncementBody, type AnnouncementDto } from '@balcao/shared';
import { FormDialog, useFormSave, type EditDialogProps } from '../../components/FormDialog';
import { AttachmentField, useAttachment } from '../../components/AttachmentField';
import { toast } from '../../lib/toast';
import { zodRule } from '../../lib/zodRule';
import { announcementsApi } from './announcements.api';
import { isImageName } from './announcements.logic';

interface Values {
  title: string;
  text: string;
  priority: number;
  status: boolean;
}

const titleRule = zodRule(CreateAnnouncementBody.shape.title);
const textRule = zodRule(CreateAnnouncementBody.shape.text);

/** Add/edit an announcement (administration.md §3, §5, §9): title and text required, priority 3 and active by default, a .png/.jpg/.jpeg picture. */
export const AnnouncementModal = ({ open, record, onClose, onSaved }: EditDialogProps<AnnouncementDto>) => {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const { run, dialog } = useFormSave({ form, onClose, success: t('announcements.saved') });
  /** The record as saved so far: after a create whose upload failed, a retry edits it instead of creating twice. */
  const [current, setCurrent] = useState<AnnouncementDto | null>(record);
  const attachment = useAttachment();
  const { reset: resetAttachment } = attachment;

  useEffect(() => {
    if (!open) return;
    setCurrent(record);
    resetAttachment();
    form.setFieldsValue({ title: record?.title ?? '', text: record?.text ?? '', priority: record?.priority ?? 3, status: record?.status ?? true });
  }, [open, record, form, resetAttachment]);

  const submit = (values: Values) =>
    run(async () => {
      const body = { title: values.title, text: values.text, priority: values.priority, status: values.status };
      let saved = current ? await announcementsApi.update(current.id, body) : await announcementsApi.create(body);
      setCurrent(saved);
      onSaved(saved);
      saved = await attachment.apply(saved, announcementsApi);
      onSaved(saved);
    });

  return (
    <FormDialog<Values>
      {...dialog}
      open={open}
      title={t(record ? 'announcements.editTitle' : 'announcements.addTitle')}
      okText={t('announcements.save')}
      onFinish={submit}
      testIds={{ save: 'announcement-save', form: 'announcement-form' }}
      width={560}
    >
      <Form.Item name="title" label={t('announcements.titleField')} rules={[titleRule]}>
        <Input maxLength={ANNOUNCEMENT_TITLE_MAX} autoFocus data-testid="announcement-title" />
      </Form.Item>
      <Form.Item name="text" label={t('announcements.text')} rules={[textRule]}>
        <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} maxLength={ANNOUNCEMENT_TEXT_MAX} data-testid="announcement-text" />
      </Form.Item>
      <Flex wrap gap={16}>
        <Form.Item name="priority" label={t('announcements.priority')} style={{ flex: '1 1 160px' }}>
          <Select
            data-testid="announcement-priority-select"
            options={announcementPriorities.map((p) => ({ value: p, label: t(`announcements.priorities.${p}`) }))}
          />
        </Form.Item>
        <Form.Item name="status" valuePropName="checked" label={t('announcements.status')}>
          <Switch checkedChildren={t('announcements.active')} unCheckedChildren={t('announcements.inactive')} data-testid="announcement-status-switch" />
        </Form.Item>
      </Flex>
      <AttachmentField
        attachment={attachment}
        savedName={current?.mediaName}
        testIdPrefix="announcement"
        icon={<PictureOutlined />}
        accept=".png,.jpg,.jpeg,image/png,image/jpeg"
        accepts={(picked) => isImageName(picked.name) || (toast.error(t('announcements.imageOnly')), false)}
        labels={{
          attach: t('announcements.attach'),
          replace: t('announcements.replaceAttachment'),
          remove: t('announcements.removeAttachment'),
          none: t('announcements.imageHint'),
        }}
      />
    </FormDialog>
  );
};
