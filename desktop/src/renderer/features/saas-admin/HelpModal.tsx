import { useEffect } from 'react';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { youtubeId, type HelpDto } from '@balcao/shared';
import { FormDialog, useFormSave, type EditDialogProps } from '../../components/FormDialog';
import { refusalText } from '../../lib/reportError';
import { helpsApi } from './saas-admin.api';

interface HelpForm {
  title: string;
  description: string;
  video: string;
}

/** Add/edit a help video: title, description and the YouTube video (id or address). */
export const HelpModal = ({ record, open, onClose, onSaved }: EditDialogProps<HelpDto>) => {
  const { t } = useTranslation();
  const [form] = Form.useForm<HelpForm>();
  const { run, dialog } = useFormSave({ form, onClose, success: t('saasAdmin.saved'), errorText: (err) => refusalText(err, ['ERR_NO_PERMISSION'], t('saasAdmin.helps.saveFailed')) });
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(record ? { title: record.title, description: record.description, video: record.video } : { title: '', description: '', video: '' });
  }, [open, record, form]);

  const submit = (v: HelpForm) =>
    run(async () => {
      const body = { title: v.title.trim(), description: (v.description ?? '').trim(), video: v.video.trim() };
      const saved = record ? await helpsApi.update(record.id, body) : await helpsApi.create(body);
      onSaved(saved);
    });

  return (
    <FormDialog<HelpForm>
      {...dialog}
      open={open}
      title={record ? t('saasAdmin.helps.editTitle') : t('saasAdmin.helps.addTitle')}
      okText={t('saasAdmin.save')}
      onFinish={submit}
      testIds={{ save: 'help-save', form: 'help-form' }}
      width={520}
    >
      <Form.Item name="title" label={t('saasAdmin.helps.title')} rules={[{ required: true, whitespace: true, message: t('saasAdmin.required') }, { max: 200, message: 'Too Long!' }]}>
        <Input data-testid="help-title" />
      </Form.Item>
      <Form.Item name="description" label={t('saasAdmin.helps.description')} rules={[{ max: 2000, message: 'Too Long!' }]}>
        <Input.TextArea rows={3} data-testid="help-description" />
      </Form.Item>
      <Form.Item
        name="video"
        label={t('saasAdmin.helps.video')}
        extra={t('saasAdmin.helps.videoHelp')}
        rules={[
          { required: true, whitespace: true, message: t('saasAdmin.required') },
          { validator: (_, v: string) => (!v?.trim() || youtubeId(v) ? Promise.resolve() : Promise.reject(new Error(t('saasAdmin.helps.invalidVideo')))) },
        ]}
      >
        <Input data-testid="help-video" placeholder="https://www.youtube.com/watch?v=…" />
      </Form.Item>
    </FormDialog>
  );
};
