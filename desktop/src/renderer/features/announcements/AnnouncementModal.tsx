import { useEffect, useRef, useState } from 'react';
import { Button, Flex, Form, Input, Modal, Select, Switch, Typography } from 'antd';
import { DeleteOutlined, PictureOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ANNOUNCEMENT_TEXT_MAX, ANNOUNCEMENT_TITLE_MAX, announcementPriorities, CreateAnnouncementBody, type AnnouncementDto } from '@balcao/shared';
import { toastError } from '../../lib/reportError';
import { toast } from '../../lib/toast';
import { zodRule } from '../../lib/zodRule';
import { announcementsApi } from './announcements.api';
import { isImageName } from './announcements.logic';

interface Props {
  open: boolean;
  /** Edit mode when given, add mode otherwise. */
  record: AnnouncementDto | null;
  onClose: () => void;
  /** Each record the modal saved (created, changed, picture attached or removed). */
  onSaved: (a: AnnouncementDto) => void;
}

interface Values {
  title: string;
  text: string;
  priority: number;
  status: boolean;
}

const titleRule = zodRule(CreateAnnouncementBody.shape.title);
const textRule = zodRule(CreateAnnouncementBody.shape.text);

/** Add/edit an announcement (administration.md §3, §5, §9): title and text required, priority 3 and active by default, a .png/.jpg/.jpeg picture. */
export const AnnouncementModal = ({ open, record, onClose, onSaved }: Props) => {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  /** The record as saved so far: after a create whose upload failed, a retry edits it instead of creating twice. */
  const [current, setCurrent] = useState<AnnouncementDto | null>(record);
  const [file, setFile] = useState<File | null>(null);
  const [dropMedia, setDropMedia] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!open) return;
    setCurrent(record);
    setFile(null);
    setDropMedia(false);
    form.setFieldsValue({ title: record?.title ?? '', text: record?.text ?? '', priority: record?.priority ?? 3, status: record?.status ?? true });
  }, [open, record, form]);

  const submit = async (values: Values) => {
    setSaving(true);
    try {
      const body = { title: values.title, text: values.text, priority: values.priority, status: values.status };
      let saved = current ? await announcementsApi.update(current.id, body) : await announcementsApi.create(body);
      setCurrent(saved);
      onSaved(saved);
      if (file) saved = await announcementsApi.upload(saved.id, file);
      else if (dropMedia && saved.mediaPath) saved = await announcementsApi.removeMedia(saved.id);
      onSaved(saved);
      toast.success(t('announcements.saved'));
      onClose();
    } catch (err) {
      toastError(err);
    } finally {
      setSaving(false);
    }
  };

  const shownName = file?.name ?? (dropMedia ? null : current?.mediaName || null);
  return (
    <Modal
      open={open}
      title={t(record ? 'announcements.editTitle' : 'announcements.addTitle')}
      okText={t('announcements.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: saving, 'data-testid': 'announcement-save' }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width={560}
    >
      <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} data-testid="announcement-form">
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
        <Flex gap={8} align="center">
          <input
            ref={fileInput}
            type="file"
            accept=".png,.jpg,.jpeg,image/png,image/jpeg"
            style={{ display: 'none' }}
            data-testid="announcement-file"
            onChange={(e) => {
              const picked = e.target.files?.[0];
              e.target.value = '';
              if (!picked) return;
              if (!isImageName(picked.name)) return void toast.error(t('announcements.imageOnly'));
              setFile(picked);
            }}
          />
          <Button icon={<PictureOutlined />} style={{ flexShrink: 0 }} onClick={() => fileInput.current?.click()} data-testid="announcement-attach">
            {t(shownName ? 'announcements.replaceAttachment' : 'announcements.attach')}
          </Button>
          {shownName ? (
            <>
              <Typography.Text ellipsis style={{ flex: 1, minWidth: 0 }} data-testid="announcement-attachment-name">
                {shownName}
              </Typography.Text>
              <Button
                size="small"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('announcements.removeAttachment')}
                data-testid="announcement-remove-attachment"
                onClick={() => (file ? setFile(null) : setDropMedia(true))}
              />
            </>
          ) : (
            <Typography.Text type="secondary">{t('announcements.imageHint')}</Typography.Text>
          )}
        </Flex>
        <button type="submit" style={{ display: 'none' }} aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
};
