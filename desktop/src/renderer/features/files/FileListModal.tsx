import { useEffect, useRef } from 'react';
import { Button, Card, Flex, Form, Input, Typography } from 'antd';
import { DeleteOutlined, PaperClipOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { FileListBody, MAX_FILE_OPTIONS, type FileListDto } from '@balcao/shared';
import { FormDialog, useFormSave, type EditDialogProps } from '../../components/FormDialog';
import { useSession } from '../../lib/session';
import { zodRule } from '../../lib/zodRule';
import { filesApi, type OptionFile } from './files.api';

/** One option row of the dialog: an existing option (`id`) or a new one; `file` once a file is picked. */
interface OptionValue {
  id?: number;
  name: string;
  /** The stored file's name, shown until another is picked. */
  fileName?: string;
  file?: File;
}
interface Values {
  name: string;
  message: string;
  options: OptionValue[];
}

type Props = EditDialogProps<FileListDto>;

const rules = { name: zodRule(FileListBody.shape.name), message: zodRule(FileListBody.shape.message) };

/** A file picker for one option: a button, the chosen (or stored) file's name. */
const FilePick = ({ value, stored, onChange, index }: { value?: File; stored?: string; onChange?: (f: File) => void; index: number }) => {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const shown = value?.name ?? stored;
  return (
    <Flex gap={8} align="center" wrap style={{ minWidth: 0 }}>
      <input
        ref={input}
        type="file"
        style={{ display: 'none' }}
        data-testid="file-option-file"
        onChange={(e) => {
          const f = e.target.files?.[0];
          e.target.value = '';
          if (f) onChange?.(f);
        }}
      />
      <Button icon={<PaperClipOutlined />} onClick={() => input.current?.click()} aria-label={t('files.pickFor', { n: index + 1 })} data-testid="file-option-pick">
        {shown ? t('files.change') : t('files.pick')}
      </Button>
      <Typography.Text ellipsis type={shown ? undefined : 'secondary'} style={{ minWidth: 0, maxWidth: '100%' }} data-testid="file-option-filename">
        {shown ?? t('files.noFile')}
      </Typography.Text>
    </Flex>
  );
};

/**
 * The file dialog (administration.md §2 /files): name, message (5 rows), a repeatable list of
 * options each with a name (multiline), a file picker and remove, a button to add another;
 * saving stores the list, then uploads the picked files to their options (decision 0222).
 */
export const FileListModal = ({ open, record: fileList, onClose, onSaved }: Props) => {
  const { t } = useTranslation();
  const userId = useSession((s) => s.user?.id);
  const [form] = Form.useForm<Values>();
  const { run, dialog } = useFormSave({ form, onClose, success: t('files.saved') });
  const options = Form.useWatch('options', form) ?? [];

  useEffect(() => {
    if (!open) return;
    form.setFieldsValue({
      name: fileList?.name ?? '',
      message: fileList?.message ?? '',
      options: fileList ? fileList.options.map((o) => ({ id: o.id, name: o.name, fileName: o.fileName || undefined })) : [],
    });
  }, [open, fileList, form]);

  const submit = (v: Values) =>
    run(async () => {
      const wanted = v.options ?? [];
      const body = { name: v.name, message: v.message, options: wanted.map((o) => ({ ...(o.id ? { id: o.id } : {}), name: o.name ?? '' })), userId };
      let saved = fileList ? await filesApi.update(fileList.id, body) : await filesApi.create(body);
      // The answer lists the options by id: kept ones first (as loaded), then the new ones in order.
      const files: OptionFile[] = [];
      wanted.forEach((o, i) => {
        const option = o.id ? saved.options.find((s) => s.id === o.id) : saved.options[i];
        if (o.file && option) files.push({ optionId: option.id, name: option.name, file: o.file });
      });
      if (files.length) saved = await filesApi.upload(saved.id, files);
      onSaved(saved);
    });

  return (
    <FormDialog<Values>
      {...dialog}
      open={open}
      title={t(fileList ? 'files.editTitle' : 'files.addTitle')}
      okText={t('files.ok')}
      onFinish={submit}
      testIds={{ save: 'file-save', form: 'file-form' }}
      forceRender
      width={600}
    >
      <Form.Item name="name" label={t('files.name')} rules={[rules.name]}>
        <Input autoFocus maxLength={100} data-testid="file-name" />
      </Form.Item>
      <Form.Item name="message" label={t('files.message')} rules={[rules.message]}>
        <Input.TextArea rows={5} maxLength={4096} data-testid="file-message" />
      </Form.Item>
      <Form.List name="options">
        {(fields, { add, remove }) => (
          <Flex vertical gap={8}>
            <Typography.Text strong>{t('files.options')}</Typography.Text>
            {fields.map((field, index) => (
              <Card key={field.key} size="small" data-testid="file-option" styles={{ body: { padding: 8 } }}>
                <Form.Item name={[field.name, 'id']} hidden>
                  <Input />
                </Form.Item>
                <Form.Item name={[field.name, 'fileName']} hidden>
                  <Input />
                </Form.Item>
                <Flex gap={8} align="flex-start">
                  <Flex vertical gap={8} style={{ flex: 1, minWidth: 0 }}>
                    <Form.Item name={[field.name, 'name']} style={{ margin: 0 }} label={t('files.optionName')}>
                      <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} maxLength={1000} data-testid="file-option-name" />
                    </Form.Item>
                    <Form.Item name={[field.name, 'file']} style={{ margin: 0 }}>
                      <FilePick stored={options[index]?.fileName} index={index} />
                    </Form.Item>
                  </Flex>
                  <Button danger icon={<DeleteOutlined />} aria-label={t('files.removeOption')} onClick={() => remove(field.name)} data-testid="file-option-remove" />
                </Flex>
              </Card>
            ))}
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              onClick={() => add({ name: '' })}
              disabled={fields.length >= MAX_FILE_OPTIONS}
              data-testid="file-option-add"
              title={fields.length >= MAX_FILE_OPTIONS ? t('files.maxOptions', { count: MAX_FILE_OPTIONS }) : undefined}
            >
              {t('files.addOption')}
            </Button>
          </Flex>
        )}
      </Form.List>
    </FormDialog>
  );
};
