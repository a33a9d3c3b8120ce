import { useEffect, useRef, useState } from 'react';
import { Button, Empty, Flex, Input, Popconfirm, Space, theme, Tooltip, Typography, type InputRef } from 'antd';
import { CloseOutlined, DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LoadingRows, PageCard } from '../../components/PageCard';
import type { TodoItem } from '../../../common/ipc-schemas';
import { formatClock, formatDate } from '../../lib/format';
import { cancelable } from '../../lib/cancelable';
import { toastError } from '../../lib/reportError';
import { useMediaQuery } from '../../lib/useMediaQuery';
import { getPlatform } from '../../platform/platform';
import { addTodo, editTodo, removeTodo } from './todo.logic';

/**
 * /todolist: the agent's own tasks, kept only on this device through the platform bridge
 * (electron-store in the app, localStorage in the browser), so they survive restarts and reloads.
 */
export const TodoPage = () => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const narrow = useMediaQuery('(max-width: 575px)');
  const [items, setItems] = useState<TodoItem[] | null>(null);
  const [text, setText] = useState('');
  const [editing, setEditing] = useState<string | null>(null);
  const input = useRef<InputRef>(null);

  useEffect(
    () =>
      cancelable(() => getPlatform().getPref('todos'), {
        then: setItems,
        failed: (err) => {
          setItems([]);
          toastError(err);
        },
      }),
    [],
  );

  /** Shows the change at once and writes it through; a refused write is told, not hidden. */
  const commit = (next: TodoItem[]) => {
    setItems(next);
    getPlatform().setPref('todos', next).catch(toastError);
  };

  const submit = () => {
    if (!items || !text.trim()) return;
    commit(editing ? editTodo(items, editing, text, new Date()) : addTodo(items, text, crypto.randomUUID(), new Date()));
    setText('');
    setEditing(null);
    input.current?.focus();
  };
  const startEdit = (item: TodoItem) => {
    setEditing(item.id);
    setText(item.text);
    input.current?.focus();
  };
  const cancelEdit = () => {
    setEditing(null);
    setText('');
  };

  return (
    <PageCard title={t('todo.title')} style={{ maxWidth: 880 }}>
      <Flex gap={8} style={{ marginBottom: 12 }} wrap={narrow}>
        <Input
          ref={input}
          value={text}
          maxLength={2000}
          placeholder={t('todo.placeholder')}
          aria-label={t('todo.placeholder')}
          onChange={(e) => setText(e.target.value)}
          onPressEnter={submit}
          onKeyDown={(e) => e.key === 'Escape' && editing && cancelEdit()}
          data-testid="todo-input"
        />
        <Space.Compact style={{ flex: narrow ? '1 1 100%' : undefined }}>
          <Button type="primary" onClick={submit} disabled={!items} block={narrow} data-testid="todo-submit">
            {editing ? t('todo.save') : t('todo.add')}
          </Button>
          {editing ? <Button icon={<CloseOutlined />} aria-label={t('common.cancel')} onClick={cancelEdit} data-testid="todo-cancel" /> : null}
        </Space.Compact>
      </Flex>
      {!items ? (
        <LoadingRows testId="todo-skeleton" rows={3} />
      ) : items.length === 0 ? (
        <Empty description={t('todo.empty')} data-testid="todo-empty" />
      ) : (
        <ul data-testid="todo-list" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {items.map((item) => (
            <li
              key={item.id}
              data-testid="todo-item"
              data-id={item.id}
              style={{ display: 'flex', gap: 8, alignItems: 'flex-start', padding: '10px 0', borderBottom: `1px solid ${token.colorSplit}`, opacity: editing === item.id ? 0.6 : 1 }}
            >
              <Flex vertical style={{ flex: 1, minWidth: 0 }}>
                <Typography.Text style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{item.text}</Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
                  {formatDate(item.updatedAt)} {formatClock(item.updatedAt)}
                </Typography.Text>
              </Flex>
              <Space size="small">
                <Tooltip title={t('todo.edit')}>
                  <Button size="small" icon={<EditOutlined />} aria-label={t('todo.edit')} onClick={() => startEdit(item)} data-testid="todo-edit" />
                </Tooltip>
                <Popconfirm
                  title={t('todo.deleteTitle')}
                  okText={t('common.confirm')}
                  cancelText={t('common.cancel')}
                  okButtonProps={{ danger: true, 'data-testid': 'todo-delete-confirm' }}
                  onConfirm={() => {
                    if (editing === item.id) cancelEdit();
                    commit(removeTodo(items, item.id));
                  }}
                >
                  <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('todo.delete')} data-testid="todo-delete" />
                </Popconfirm>
              </Space>
            </li>
          ))}
        </ul>
      )}
    </PageCard>
  );
};
