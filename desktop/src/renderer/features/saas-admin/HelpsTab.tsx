import { useCallback, useEffect, useState } from 'react';
import { Button, Flex, Form, Input, Modal, Popconfirm, Skeleton, Space, Table, Tooltip, Typography, type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { youtubeId, type HelpDto } from '@balcao/shared';
import { useFormSave } from '../../components/FormDialog';
import { errorCode } from '../../lib/errors';
import { translateErrorCode } from '../../lib/reportError';
import { toast } from '../../lib/toast';
import { useMediaQuery } from '../../lib/useMediaQuery';
import { thumbnailUrl } from '../helps';
import { helpsApi } from './saas-admin.api';

interface HelpForm {
  title: string;
  description: string;
  video: string;
}

/** Add/edit a help video: title, description and the YouTube video (id or address). */
const HelpModal = ({ record, open, onClose, onSaved }: { record: HelpDto | null; open: boolean; onClose: () => void; onSaved: (h: HelpDto) => void }) => {
  const { t } = useTranslation();
  const [form] = Form.useForm<HelpForm>();
  /** The spec's refusal toast: the catalogue's text for what it names, else its own. */
  const errorText = (err: unknown) => {
    const code = errorCode(err);
    return code === 'ERR_NO_PERMISSION' ? (translateErrorCode(code) ?? code) : t('saasAdmin.helps.saveFailed');
  };
  const { saving, run } = useFormSave({ form, onClose, success: t('saasAdmin.saved'), errorText });
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
    <Modal
      open={open}
      title={record ? t('saasAdmin.helps.editTitle') : t('saasAdmin.helps.addTitle')}
      okText={t('saasAdmin.save')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'help-save' } as never}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} disabled={saving} data-testid="help-form">
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
      </Form>
    </Modal>
  );
};

/** Settings → Ajuda (super user): the help videos every user sees on /helps. */
export const HelpsTab = () => {
  const { t } = useTranslation();
  const narrow = useMediaQuery('(max-width: 575px)');
  const [helps, setHelps] = useState<HelpDto[] | null>(null);
  const [dialog, setDialog] = useState<{ open: boolean; record: HelpDto | null }>({ open: false, record: null });

  const load = useCallback(async () => {
    try {
      setHelps(await helpsApi.list());
    } catch {
      toast.error(t('saasAdmin.loadFailed'));
      setHelps((h) => h ?? []);
    }
  }, [t]);
  useEffect(() => {
    void load();
  }, [load]);

  const remove = async (h: HelpDto) => {
    try {
      await helpsApi.remove(h.id);
      toast.success(t('saasAdmin.saved'));
      setHelps((all) => (all ?? []).filter((x) => x.id !== h.id));
    } catch {
      toast.error(t('saasAdmin.deleteFailed'));
    }
  };

  const columns: TableColumnsType<HelpDto> = [
    ...(narrow ? [] : ([{ key: 'thumb', width: 96, render: (_: unknown, h: HelpDto) => <img src={thumbnailUrl(h.video)} alt="" style={{ width: 80, aspectRatio: '16 / 9', objectFit: 'cover', borderRadius: 4 }} /> }] as TableColumnsType<HelpDto>)),
    {
      key: 'title',
      title: t('saasAdmin.helps.title'),
      render: (_, h) => (
        <Flex vertical>
          <Typography.Text strong data-testid="help-title-cell">{h.title}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis>
            {h.description}
          </Typography.Text>
        </Flex>
      ),
    },
    ...(narrow ? [] : ([{ key: 'video', title: t('saasAdmin.helps.video'), dataIndex: 'video', width: 130 }] as TableColumnsType<HelpDto>)),
    {
      key: 'actions',
      title: t('saasAdmin.actions'),
      align: 'center',
      width: 96,
      render: (_, h) => (
        <Space size="small">
          <Tooltip title={t('saasAdmin.edit')}>
            <Button size="small" icon={<EditOutlined />} aria-label={t('saasAdmin.edit')} data-testid="help-edit" onClick={() => setDialog({ open: true, record: h })} />
          </Tooltip>
          <Popconfirm
            title={t('saasAdmin.helps.deleteTitle', { name: h.title })}
            description={t('saasAdmin.helps.deleteText')}
            okText={t('common.confirm')}
            cancelText={t('common.cancel')}
            okButtonProps={{ danger: true, 'data-testid': 'help-delete-confirm' } as never}
            onConfirm={() => remove(h)}
          >
            <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('saasAdmin.delete')} data-testid="help-delete" />
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <div data-testid="helps-tab">
      <Flex justify="flex-end" style={{ marginBottom: 12 }}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ open: true, record: null })} data-testid="help-add">
          {t('saasAdmin.helps.add')}
        </Button>
      </Flex>
      {helps === null ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : (
        <Table<HelpDto> rowKey="id" size="small" columns={columns} dataSource={helps} pagination={false} locale={{ emptyText: t('saasAdmin.empty') }} />
      )}
      <HelpModal
        open={dialog.open}
        record={dialog.record}
        onClose={() => setDialog({ open: false, record: null })}
        onSaved={(h) => setHelps((all) => (all?.some((x) => x.id === h.id) ? all.map((x) => (x.id === h.id ? h : x)) : [...(all ?? []), h]))}
      />
    </div>
  );
};
