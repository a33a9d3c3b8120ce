import { useEffect } from 'react';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { KNOWLEDGE_BODY_MAX, KNOWLEDGE_TAGS_MAX, KNOWLEDGE_TITLE_MAX, type KnowledgeArticleDto, type QueueDto } from '@balcao/shared';
import { FormDialog, useFormSave, type EditDialogProps } from '../../components/FormDialog';
import { knowledgeApi } from './knowledge.api';

interface Values {
  title: string;
  body: string;
  tags: string[];
  /** 0: every queue. */
  queueId: number;
}

/** Add or edit a knowledge article (issue 32 §1): title, content, tags, the queue it is about. */
export const ArticleModal = ({ open, record, queues, onClose, onSaved }: EditDialogProps<KnowledgeArticleDto> & { queues: QueueDto[] }) => {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const { run, dialog } = useFormSave({ form, onClose, success: t('knowledge.saved') });

  useEffect(() => {
    if (open) form.setFieldsValue({ title: record?.title ?? '', body: record?.body ?? '', tags: record?.tags ?? [], queueId: record?.queueId ?? 0 });
  }, [open, record, form]);

  const submit = (v: Values) =>
    run(async () => {
      const body = { title: v.title, body: v.body, tags: v.tags ?? [], queueId: v.queueId || null };
      onSaved(record ? await knowledgeApi.update(record.id, body) : await knowledgeApi.create(body));
    });

  const required = { required: true, whitespace: true, message: t('knowledge.required') };
  return (
    <FormDialog<Values>
      {...dialog}
      open={open}
      title={t(record ? 'knowledge.editTitle' : 'knowledge.addTitle')}
      okText={t('knowledge.save')}
      onFinish={submit}
      testIds={{ save: 'article-save', form: 'article-form' }}
      width={640}
    >
      <Form.Item name="title" label={t('knowledge.articleTitle')} rules={[required]}>
        <Input maxLength={KNOWLEDGE_TITLE_MAX} autoFocus data-testid="article-title" />
      </Form.Item>
      <Form.Item name="body" label={t('knowledge.body')} rules={[required]}>
        <Input.TextArea autoSize={{ minRows: 6, maxRows: 16 }} maxLength={KNOWLEDGE_BODY_MAX} showCount data-testid="article-body" />
      </Form.Item>
      <Form.Item name="tags" label={t('knowledge.tags')} extra={t('knowledge.tagsHint')}>
        <Select mode="tags" maxCount={KNOWLEDGE_TAGS_MAX} tokenSeparators={[',']} open={false} suffixIcon={null} data-testid="article-tags" aria-label={t('knowledge.tags')} />
      </Form.Item>
      <Form.Item name="queueId" label={t('knowledge.queue')}>
        <Select
          data-testid="article-queue"
          aria-label={t('knowledge.queue')}
          options={[{ value: 0, label: t('knowledge.allQueues') }, ...queues.map((q) => ({ value: q.id, label: q.name }))]}
        />
      </Form.Item>
    </FormDialog>
  );
};
