import { useEffect, useState } from 'react';
import { Button, Empty, List, Modal, Input, Spin, Typography, theme } from 'antd';
import { CloseOutlined, SendOutlined } from '@ant-design/icons';
import { SEARCH_DEBOUNCE_MS, type ContactDto } from '@balcao/shared';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { ContactAvatar } from '../../components/ContactAvatar';
import { cancelable } from '../../lib/cancelable';
import { toastError } from '../../lib/reportError';
import { toast } from '../../lib/toast';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { forwardOneByOne, inConversationOrder, readSignOption } from './forward.logic';
import { messagesApi } from './messages.api';
import { useConversation } from './messages.store';

const MIN_SEARCH = 3;

/** The contact picker: search from 3 characters (debounced), pick one, forward. */
const ForwardDialog = ({ ids, onClose }: { ids: number[]; onClose: (sent: boolean) => void }) => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [term, setTerm] = useState('');
  const query = useDebouncedValue(term.trim(), SEARCH_DEBOUNCE_MS);
  const [contacts, setContacts] = useState<ContactDto[]>([]);
  const [searching, setSearching] = useState(false);
  const [chosen, setChosen] = useState<ContactDto | null>(null);
  const [done, setDone] = useState<number | null>(null);

  useEffect(() => {
    if (query.length < MIN_SEARCH) {
      setContacts([]);
      return;
    }
    setSearching(true);
    return cancelable((signal) => messagesApi.searchContacts(query, signal), { then: (answer) => setContacts(answer.contacts), settled: () => setSearching(false) });
  }, [query]);

  const send = async () => {
    if (!chosen || done !== null) return;
    const sign = readSignOption();
    setDone(0);
    try {
      await forwardOneByOne(ids, (id) => messagesApi.forward(id, chosen.id, sign), setDone);
      toast.success(t('conversation.forward.done'));
      onClose(true);
    } catch (err) {
      toastError(err);
      setDone(null);
    }
  };

  return (
    <Modal
      open
      title={t('conversation.forward.title')}
      okText={t('conversation.forward.submit')}
      cancelText={t('common.cancel')}
      onOk={() => void send()}
      onCancel={() => done === null && onClose(false)}
      okButtonProps={{ disabled: !chosen, loading: done !== null, 'data-testid': 'forward-send' }}
      destroyOnHidden
    >
      <Input.Search
        autoFocus
        allowClear
        value={term}
        onChange={(e) => setTerm(e.target.value)}
        placeholder={t('conversation.forward.search')}
        aria-label={t('conversation.forward.search')}
        data-testid="forward-search"
        loading={searching}
      />
      <div style={{ maxHeight: 300, overflowY: 'auto', marginTop: 8 }}>
        {query.length < MIN_SEARCH ? (
          <Typography.Text type="secondary">{t('conversation.forward.searchHint')}</Typography.Text>
        ) : searching && contacts.length === 0 ? (
          <Spin size="small" />
        ) : contacts.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('conversation.forward.noContacts')} />
        ) : (
          <List
            size="small"
            dataSource={contacts}
            renderItem={(c) => (
              <List.Item
                role="option"
                aria-selected={chosen?.id === c.id}
                tabIndex={0}
                data-testid="forward-contact"
                onClick={() => setChosen(c)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' || e.key === ' ') {
                    e.preventDefault();
                    setChosen(c);
                  }
                }}
                style={{ cursor: 'pointer', paddingInline: 8, borderRadius: token.borderRadius, background: chosen?.id === c.id ? token.controlItemBgActive : undefined }}
              >
                <List.Item.Meta avatar={<ContactAvatar name={c.name} src={c.profilePicUrl} size={32} />} title={c.name} description={c.number} />
              </List.Item>
            )}
          />
        )}
      </div>
      {done !== null && (
        <Typography.Text type="secondary" data-testid="forward-progress">
          {t('conversation.forward.sending', { done, total: ids.length })}
        </Typography.Text>
      )}
    </Modal>
  );
};

/** Forward mode's header (attendance §4): the count, cancel, and 'Encaminhar'. */
export const ForwardBar = () => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { selected, messages, setSelecting } = useConversation(useShallow((s) => ({ selected: s.selected, messages: s.messages, setSelecting: s.setSelecting })));
  const [ids, setIds] = useState<number[] | null>(null);

  const start = () => {
    const chosen = inConversationOrder(selected, messages);
    if (chosen.length === 0) {
      toast.error(t('messagesList.header.notMessage'));
      return;
    }
    setIds(chosen);
  };

  return (
    <div
      data-testid="forward-bar"
      role="toolbar"
      aria-label={t('conversation.forward.title')}
      style={{ display: 'flex', alignItems: 'center', gap: 8, padding: '6px 12px', borderBottom: `1px solid ${token.colorBorderSecondary}`, background: token.colorBgContainer }}
    >
      <Button type="text" icon={<CloseOutlined />} onClick={() => setSelecting(false)} aria-label={t('conversation.forward.cancel')} data-testid="forward-cancel" />
      <Typography.Text style={{ flex: 1 }} data-testid="forward-count">
        {t('conversation.forward.selected', { count: selected.length })}
      </Typography.Text>
      <Button type="primary" icon={<SendOutlined />} onClick={start} data-testid="forward-open">
        {t('conversation.forward.submit')}
      </Button>
      {ids && (
        <ForwardDialog
          ids={ids}
          onClose={(sent) => {
            setIds(null);
            if (sent) setSelecting(false);
          }}
        />
      )}
    </div>
  );
};
