import { useEffect, useState } from 'react';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { CHAT_TITLE_MAX, type ChatDto, type UserDto } from '@balcao/shared';
import { FormDialog, useFormSave } from '../../components/FormDialog';
import { cancelable } from '../../lib/cancelable';
import { toastError } from '../../lib/reportError';
import { chatsApi } from './chats.api';
import { validateChatForm } from './chats.logic';
import { useChats } from './chats.store';

interface Values {
  title: string;
  users: number[];
}

/**
 * Create or edit a chat (attendance.md §4): a title and the users, with the spec's messages
 * 'Por favor, preencha o título da conversa.' and 'Por favor, selecione pelo menos um usuário.'.
 * I am always a member (the server adds the owner), so I am not offered in the select.
 */
export const ChatModal = ({ open, chat, me, onClose, onSaved }: { open: boolean; chat?: ChatDto; me: number; onClose: () => void; onSaved?: (c: ChatDto) => void }) => {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [users, setUsers] = useState<UserDto[] | null>(null);
  const { run, dialog } = useFormSave({ form, onClose, success: t('chats.saved') });

  useEffect(() => {
    if (!open) return;
    form.setFieldsValue({ title: chat?.title ?? '', users: chat ? chat.users.map((u) => u.userId).filter((id) => id !== me) : [] });
    return cancelable(() => chatsApi.users(), {
      then: setUsers,
      failed: (err) => {
        setUsers([]);
        toastError(err);
      },
    });
  }, [open, chat, me, form]);

  const rule = (field: 'title' | 'users') => ({
    validator: (_: unknown, value: unknown) => {
      const errors = validateChatForm({ [field]: value } as Partial<Values>);
      return errors[field] ? Promise.reject(new Error(t(`chats.dialog.${field}Required`))) : Promise.resolve();
    },
  });

  const save = (values: Values) =>
    run(async () => {
      const body = { title: values.title.trim(), users: values.users };
      const saved = chat ? await chatsApi.update(chat.id, body) : await chatsApi.create(body);
      useChats.getState().upsert(saved);
      onSaved?.(saved);
    });

  const options = (users ?? []).filter((u) => u.id !== me).map((u) => ({ value: u.id, label: u.name }));
  return (
    <FormDialog<Values>
      {...dialog}
      open={open}
      title={t(chat ? 'chats.dialog.editTitle' : 'chats.dialog.createTitle')}
      okText={t('chats.dialog.save')}
      onFinish={save}
      testIds={{ save: 'chat-save', form: 'chat-form' }}
      forceRender
      width={520}
    >
      <Form.Item name="title" label={t('chats.dialog.title')} rules={[rule('title')]}>
        <Input maxLength={CHAT_TITLE_MAX} autoFocus data-testid="chat-title" />
      </Form.Item>
      <Form.Item name="users" label={t('chats.dialog.users')} rules={[rule('users')]}>
        <Select
          mode="multiple"
          loading={users === null}
          options={options}
          optionFilterProp="label"
          placeholder={t('chats.dialog.usersPlaceholder')}
          data-testid="chat-users"
        />
      </Form.Item>
    </FormDialog>
  );
};
