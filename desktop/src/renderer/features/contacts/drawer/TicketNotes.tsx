import { useEffect, useState } from 'react';
import { Button, Empty, Flex, Form, Input, List, Popconfirm, Skeleton, Typography, theme } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { can, ticketNoteText, TICKET_NOTE_MAX, type TicketNoteDto } from '@balcao/shared';
import { cancelable } from '../../../lib/cancelable';
import { toastError } from '../../../lib/reportError';
import { useSession } from '../../../lib/session';
import { listenLive } from '../../../lib/socket';
import { toast } from '../../../lib/toast';
import { zodRule } from '../../../lib/zodRule';
import { drawerApi } from './drawer.api';

const noteRule = zodRule(ticketNoteText);

/**
 * The open ticket's notes (attendance.md §2 contact drawer, §5 "required, min 2"): the list
 * with author and date, a box to add one, and delete with the spec's confirmation. Delete is
 * offered to the note's author and to admins (decision 0081).
 */
export const TicketNotes = ({ ticketId, contactId }: { ticketId: number; contactId: number }) => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const user = useSession((s) => s.user);
  const [form] = Form.useForm<{ note: string }>();
  const [notes, setNotes] = useState<TicketNoteDto[] | null>(null);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<number | null>(null);

  useEffect(() => {
    setNotes(null);
    return cancelable((signal) => drawerApi.notes(ticketId, contactId, signal), {
      then: setNotes,
      failed: (err) => {
        setNotes([]);
        toastError(err);
      },
    });
  }, [ticketId, contactId]);

  // Colleagues' notes on this ticket, live (decision 0082: only sockets that joined the conversation hear them).
  useEffect(
    () =>
      listenLive('ticketNote', (p) => {
        if (p.action === 'create') {
          if (p.note.ticketId === ticketId) setNotes((n) => (n && !n.some((x) => x.id === p.note.id) ? [...n, p.note] : n));
        } else if (p.ticketId === ticketId) setNotes((n) => n?.filter((x) => x.id !== p.id) ?? n);
      }),
    [ticketId],
  );

  const add = async ({ note }: { note: string }) => {
    setAdding(true);
    try {
      const saved = await drawerApi.addNote(ticketId, contactId, note.trim());
      setNotes((n) => ((n ?? []).some((x) => x.id === saved.id) ? (n ?? []) : [...(n ?? []), saved]));
      form.resetFields();
      toast.success(t('drawer.noteAdded'));
    } catch (err) {
      toastError(err);
    } finally {
      setAdding(false);
    }
  };

  const remove = async (id: number) => {
    setDeleting(id);
    try {
      await drawerApi.deleteNote(id);
      setNotes((n) => (n ?? []).filter((x) => x.id !== id));
      toast.success(t('drawer.noteDeleted'));
    } catch (err) {
      toastError(err);
    } finally {
      setDeleting(null);
    }
  };

  const mayDelete = (n: TicketNoteDto) => !!user && (n.userId === user.id || can(user, 'ticketNotes:deleteAny'));

  return (
    <Flex vertical gap={8} data-testid="ticket-notes">
      <Form form={form} layout="vertical" onFinish={(v) => void add(v)} requiredMark={false}>
        <Form.Item name="note" label={t('drawer.notes')} rules={[noteRule]} style={{ marginBottom: 8 }}>
          <Input.TextArea
            data-testid="note-input"
            autoSize={{ minRows: 2, maxRows: 6 }}
            maxLength={TICKET_NOTE_MAX}
            placeholder={t('drawer.notePlaceholder')}
            onKeyDown={(e) => {
              // Ctrl/⌘+Enter adds; Enter alone is a new line in a note.
              if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
                e.preventDefault();
                form.submit();
              }
            }}
          />
        </Form.Item>
        <Flex justify="end">
          <Button type="primary" htmlType="submit" loading={adding} data-testid="note-add">
            {t('drawer.addNote')}
          </Button>
        </Flex>
      </Form>
      {notes === null ? (
        <div data-testid="notes-loading">
          <Skeleton active paragraph={{ rows: 3 }} title={false} />
        </div>
      ) : notes.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.noRecords')} />
      ) : (
        <List
          size="small"
          dataSource={notes}
          rowKey="id"
          renderItem={(n) => (
            <List.Item
              data-testid="note-item"
              data-note-id={n.id}
              style={{ alignItems: 'flex-start', paddingInline: 0 }}
              actions={
                mayDelete(n)
                  ? [
                      <Popconfirm
                        key="delete"
                        title={t('drawer.deleteNoteConfirm')}
                        okText={t('common.confirm')}
                        cancelText={t('common.cancel')}
                        onConfirm={() => remove(n.id)}
                      >
                        <Button
                          type="text"
                          danger
                          size="small"
                          icon={<DeleteOutlined />}
                          loading={deleting === n.id}
                          aria-label={t('drawer.deleteNote')}
                          data-testid="note-delete"
                        />
                      </Popconfirm>,
                    ]
                  : []
              }
            >
              <Flex vertical gap={2} style={{ minWidth: 0 }}>
                <Typography.Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{n.note}</Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12, color: token.colorTextSecondary }}>
                  {t('drawer.noteBy', { name: n.user?.name ?? t('drawer.removedUser'), date: dayjs(n.createdAt).format('DD/MM/YYYY HH:mm') })}
                </Typography.Text>
              </Flex>
            </List.Item>
          )}
        />
      )}
    </Flex>
  );
};
