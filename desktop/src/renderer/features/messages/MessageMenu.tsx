import { useRef, useState, type ReactNode } from 'react';
import { Button, Dropdown, Form, Input, Modal, Popover, theme, type MenuProps } from 'antd';
import { CopyOutlined, DeleteOutlined, DownOutlined, EditOutlined, EnterOutlined, PlusOutlined, ShareAltOutlined } from '@ant-design/icons';
import type { MessageDto } from '@balcao/shared';
import { useTranslation } from 'react-i18next';
import { EmojiGrid, QUICK_REACTIONS } from '../../components/EmojiGrid';
import { FormDialog, useFormSave } from '../../components/FormDialog';
import { toastError } from '../../lib/reportError';
import { useBusy } from '../../lib/useBusy';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { captionOf } from './media.logic';
import { messagesApi } from './messages.api';
import { messageRights } from './messages.logic';
import { useConversation } from './messages.store';

const LONG_PRESS_MS = 500;

/** Dialogs of one message: edit (body required) and delete (confirm). */
const EditDialog = ({ message, onClose }: { message: MessageDto; onClose: () => void }) => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  // The body is kept here (its own 'required' line); the form is the dialog's frame.
  const [form] = Form.useForm<object>();
  const [body, setBody] = useState(message.body);
  const { run, dialog } = useFormSave({ form, onClose, success: t('conversation.edit.saved') });
  const blank = !body.trim();
  const save = async () => {
    if (blank) return;
    await run(async () => {
      const answer = await messagesApi.edit(message.id, body);
      if (answer && typeof answer === 'object' && 'id' in answer) useConversation.getState().applyMessage(answer);
    });
  };
  return (
    <FormDialog<object>
      {...dialog}
      open
      title={t('conversation.edit.title')}
      okText={t('conversation.edit.save')}
      onFinish={save}
      testIds={{ save: 'edit-save', form: 'edit-form' }}
      canSave={!blank}
      width={520}
    >
      <Input.TextArea
        data-testid="edit-body"
        value={body}
        onChange={(e) => setBody(e.target.value)}
        autoSize={{ minRows: 2, maxRows: 8 }}
        maxLength={65_536}
        status={blank ? 'error' : undefined}
        autoFocus
      />
      {blank && (
        <div role="alert" style={{ color: token.colorError, marginTop: 4 }}>
          {t('conversation.edit.required')}
        </div>
      )}
    </FormDialog>
  );
};

const DeleteDialog = ({ message, onClose }: { message: MessageDto; onClose: () => void }) => {
  const { t } = useTranslation();
  const [busy, run] = useBusy();
  const confirm = async () => {
    await run(async () => {
      const answer = await messagesApi.remove(message.id);
      if (answer && typeof answer === 'object' && 'id' in answer) useConversation.getState().applyMessage(answer);
      toast.success(t('conversation.delete.done'));
      onClose();
    });
  };
  return (
    <Modal
      open
      title={t('conversation.delete.title')}
      okText={t('conversation.delete.ok')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: true, loading: busy, 'data-testid': 'delete-confirm' }}
      onOk={() => void confirm()}
      onCancel={onClose}
      destroyOnHidden
    >
      {t('conversation.delete.text')}
    </Modal>
  );
};

export const react = async (message: MessageDto, emoji: string): Promise<void> => {
  try {
    const answer = await messagesApi.react(message.id, emoji);
    if (answer && typeof answer === 'object' && 'id' in answer) useConversation.getState().applyMessage(answer);
  } catch (err) {
    toastError(err);
  }
};

/**
 * The per-message menu (attendance §2): a button shown on hover or focus, right-click or a long
 * press on the bubble. Reply, react (6 quick emojis and the full grid), forward, copy; edit and
 * delete for the agent's own messages (admins delete any outgoing one).
 */
export const MessageMenu = ({ message, children }: { message: MessageDto; children: (bind: MenuBinding) => ReactNode }) => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const me = useSession((s) => s.user);
  const [open, setOpen] = useState(false);
  const [fullPicker, setFullPicker] = useState(false);
  const [dialog, setDialog] = useState<'edit' | 'delete' | null>(null);
  const press = useRef<ReturnType<typeof setTimeout> | null>(null);
  const rights = messageRights(message, me);
  const text = message.isDeleted ? '' : captionOf(message);

  const pick = (emoji: string) => {
    setOpen(false);
    setFullPicker(false);
    void react(message, emoji);
  };

  const items: MenuProps['items'] = [
    { key: 'reply', icon: <EnterOutlined />, label: t('conversation.menu.reply'), disabled: message.isDeleted },
    { key: 'forward', icon: <ShareAltOutlined />, label: t('conversation.menu.forward'), disabled: message.isDeleted },
    ...(text ? [{ key: 'copy', icon: <CopyOutlined />, label: t('conversation.menu.copy') }] : []),
    ...(rights.edit ? [{ key: 'edit', icon: <EditOutlined />, label: t('conversation.menu.edit') }] : []),
    ...(rights.remove ? [{ key: 'delete', icon: <DeleteOutlined />, label: t('conversation.menu.delete'), danger: true }] : []),
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    setOpen(false);
    const store = useConversation.getState();
    if (key === 'reply') store.setReplyTo(message);
    else if (key === 'forward') {
      store.setSelecting(true);
      store.toggleSelected(message.id);
    } else if (key === 'copy') {
      navigator.clipboard?.writeText(text).then(
        () => toast.success(t('conversation.menu.copied')),
        (err: unknown) => toastError(err),
      );
    } else if (key === 'edit' || key === 'delete') setDialog(key);
  };

  const reactions = (
    <div style={{ padding: 4 }}>
      <div role="group" aria-label={t('conversation.menu.react')} style={{ display: 'flex', gap: 2, alignItems: 'center' }}>
        {QUICK_REACTIONS.map((emoji) => (
          <button
            key={emoji}
            type="button"
            aria-label={emoji}
            data-testid="quick-reaction"
            onClick={() => pick(emoji)}
            style={{ fontSize: 20, width: 34, height: 34, border: 'none', background: 'transparent', cursor: 'pointer', borderRadius: 17 }}
          >
            {emoji}
          </button>
        ))}
        <Popover open={fullPicker} onOpenChange={setFullPicker} trigger="click" content={<EmojiGrid onPick={pick} />} destroyOnHidden>
          <Button size="small" shape="circle" icon={<PlusOutlined />} aria-label={t('conversation.menu.moreEmojis')} data-testid="more-emojis" />
        </Popover>
      </div>
    </div>
  );

  const bind: MenuBinding = {
    onContextMenu: (e) => {
      e.preventDefault();
      setOpen(true);
    },
    onTouchStart: () => {
      press.current = setTimeout(() => setOpen(true), LONG_PRESS_MS);
    },
    onTouchEnd: () => {
      if (press.current) clearTimeout(press.current);
    },
    button: (
      <Dropdown
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) setFullPicker(false);
        }}
        trigger={['click']}
        menu={{ items, onClick }}
        popupRender={(menu) => (
          <div style={{ background: token.colorBgElevated, borderRadius: token.borderRadiusLG, boxShadow: token.boxShadowSecondary }}>
            {!message.isDeleted && reactions}
            {menu}
          </div>
        )}
      >
        <Button
          size="small"
          type="text"
          icon={<DownOutlined />}
          aria-label={t('conversation.menu.open')}
          aria-haspopup="menu"
          data-testid="message-menu"
          className="balcao-message-menu"
        />
      </Dropdown>
    ),
  };

  return (
    <>
      {children(bind)}
      {dialog === 'edit' && <EditDialog message={message} onClose={() => setDialog(null)} />}
      {dialog === 'delete' && <DeleteDialog message={message} onClose={() => setDialog(null)} />}
    </>
  );
};

export interface MenuBinding {
  onContextMenu: (e: { preventDefault: () => void }) => void;
  onTouchStart: () => void;
  onTouchEnd: () => void;
  button: ReactNode;
}
