import { useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import { Alert, Button, Flex, Form, Input, Select } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { can, CreateContactBody, SEARCH_DEBOUNCE_MS, type ContactDto, type QueueDto, type WhatsappDto } from '@balcao/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { FormDialog, useFormSave } from '../../components/FormDialog';
import { ApiError } from '../../lib/http';
import { cancelable } from '../../lib/cancelable';
import { toastError } from '../../lib/reportError';
import { useSession } from '../../lib/session';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { zodRule } from '../../lib/zodRule';
import { ticketsApi } from './tickets.api';
import { useTickets } from './tickets.store';

/** Contacts are searched from this many characters on, 500 ms after the last key (attendance §5). */
export const CONTACT_SEARCH_MIN = 3;
const CREATE = -1;

interface Holder {
  uuid?: string;
  user: { id: number; name: string } | null;
  queue: { id: number; name: string } | null;
}

/** ERR_OTHER_OPEN_TICKET carries the holder (server-behaviour §4): who has the contact's live ticket, in which queue. */
const holderOf = (err: unknown): Holder | null => {
  if (!(err instanceof ApiError)) return null;
  const body = err.body as { error?: string; details?: Holder } | undefined;
  return body?.error === 'ERR_OTHER_OPEN_TICKET' && body.details ? body.details : null;
};

/** Enter in the new contact's fields would submit the ticket's form around them: the contact has its own button. */
const keepEnter = (e: KeyboardEvent) => e.preventDefault();

interface Values {
  contactId?: number;
  queueId?: number;
  whatsappId?: number;
}

/**
 * New ticket (attendance §2 dialogs, §4, §5): a contact found by name or number (or created here
 * with a name and a number), a queue (required unless admin: 'Selecione uma fila') and a
 * connection (empty: the default one). Created open with me; when the contact already has a live
 * ticket, the dialog names its holder and queue — or opens it when the holder is me.
 */
export const NewTicketDialog = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useSession((s) => s.user);
  const queueOptional = !!me && can(me, 'tickets:withoutQueue');
  const [form] = Form.useForm<Values>();
  const [contactForm] = Form.useForm<{ name: string; number: string }>();
  const [term, setTerm] = useState('');
  const debounced = useDebouncedValue(term.trim(), SEARCH_DEBOUNCE_MS);
  const [contacts, setContacts] = useState<ContactDto[]>([]);
  const [searching, setSearching] = useState(false);
  const [creating, setCreating] = useState(false);
  const [queues, setQueues] = useState<QueueDto[]>([]);
  const [connections, setConnections] = useState<WhatsappDto[]>([]);
  const [holder, setHolder] = useState<Holder | null>(null);
  // Another's open ticket for the contact is named in the dialog (its holder and queue), not toasted.
  const { run, dialog } = useFormSave({
    form,
    onClose,
    shown: (err) => {
      const held = holderOf(err);
      if (held) setHolder(held);
      return !!held;
    },
  });

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    contactForm.resetFields();
    setTerm('');
    setContacts([]);
    setCreating(false);
    setHolder(null);
    // Admins pick any queue; others the queues they belong to.
    if (queueOptional) ticketsApi.queues().then(setQueues, toastError);
    else setQueues((me?.queues ?? []) as QueueDto[]);
    ticketsApi.connections().then(setConnections, toastError);
  }, [open, form, contactForm, queueOptional, me?.queues]);

  useEffect(() => {
    if (!open || debounced.length < CONTACT_SEARCH_MIN) {
      setContacts([]);
      return;
    }
    setSearching(true);
    return cancelable((signal) => ticketsApi.searchContacts(debounced, signal), { then: (r) => setContacts(r.contacts), settled: () => setSearching(false) });
  }, [open, debounced]);

  const contactId = Form.useWatch('contactId', form);
  const chosen = contacts.find((c) => c.id === contactId);
  const contactOptions = useMemo(() => {
    const options = contacts.map((c) => ({ value: c.id, label: `${c.name} - ${c.number}` }));
    if (chosen && !options.some((o) => o.value === chosen.id)) options.unshift({ value: chosen.id, label: `${chosen.name} - ${chosen.number}` });
    // Nothing found for a name typed: offer to create it (attendance §5).
    if (!searching && debounced.length >= CONTACT_SEARCH_MIN && debounced === term.trim() && contacts.length === 0)
      options.push({ value: CREATE, label: t('manager.newTicketDialog.createContact', { name: debounced }) });
    return options;
  }, [contacts, chosen, searching, debounced, term, t]);

  const pickContact = (value: number) => {
    setHolder(null);
    if (value !== CREATE) return;
    form.setFieldValue('contactId', undefined);
    const digits = /^[\d\s()+.-]+$/.test(debounced);
    contactForm.setFieldsValue(digits ? { name: '', number: debounced } : { name: debounced, number: '' });
    setCreating(true);
  };

  const saveContact = async () => {
    const values = await contactForm.validateFields();
    try {
      const contact = await ticketsApi.createContact(values.name.trim(), values.number.trim());
      setContacts([contact]);
      form.setFieldValue('contactId', contact.id);
      setCreating(false);
    } catch (err) {
      // Already a contact: take that one (ERR_DUPLICATED_CONTACT carries it).
      const existing = err instanceof ApiError ? (err.body as { details?: { existingContact?: ContactDto | null } })?.details?.existingContact : null;
      if (existing) {
        setContacts([existing]);
        form.setFieldValue('contactId', existing.id);
        setCreating(false);
      } else toastError(err);
    }
  };

  const submit = async (values: Values) => {
    const contactId = values.contactId;
    if (!contactId || !me) return;
    await run(async () => {
      try {
        const ticket = await ticketsApi.create({ contactId, queueId: values.queueId ?? null, whatsappId: values.whatsappId ?? null, userId: me.id });
        useTickets.getState().upsert(ticket);
        navigate(`/tickets/${ticket.uuid}`);
      } catch (err) {
        const held = holderOf(err);
        // Mine already: open it (and the dialog closes as after a save).
        if (held && held.user?.id === me.id && held.uuid) navigate(`/tickets/${held.uuid}`);
        else throw err;
      }
    });
  };

  return (
    <FormDialog<Values>
      {...dialog}
      open={open}
      title={t('manager.newTicketDialog.title')}
      okText={t('manager.newTicketDialog.submit')}
      onFinish={submit}
      testIds={{ save: 'new-ticket-submit', form: 'new-ticket-form' }}
      requiredMark={false}
      canSave={!creating}
      width={520}
    >
      <Form.Item name="contactId" label={t('manager.newTicketDialog.contact')} rules={[{ required: true, message: t('manager.newTicketDialog.selectContact') }]}>
        <Select
          data-testid="new-ticket-contact"
          showSearch={{ filterOption: false, onSearch: setTerm, searchValue: term }}
          placeholder={t('manager.newTicketDialog.contactPlaceholder')}
          options={contactOptions}
          loading={searching}
          onChange={pickContact}
          notFoundContent={term.trim().length < CONTACT_SEARCH_MIN ? t('manager.newTicketDialog.searchHint') : t('manager.newTicketDialog.noContacts')}
        />
      </Form.Item>
      {creating && (
        <Form form={contactForm} layout="vertical" requiredMark={false} component={false}>
          <div data-testid="new-contact-form">
            <Flex gap={8} wrap>
              <Form.Item name="name" label={t('manager.newTicketDialog.contactName')} rules={[zodRule(CreateContactBody.shape.name)]} style={{ flex: '1 1 160px' }}>
                <Input data-testid="new-contact-name" autoFocus onPressEnter={keepEnter} />
              </Form.Item>
              <Form.Item name="number" label={t('manager.newTicketDialog.contactNumber')} rules={[zodRule(CreateContactBody.shape.number)]} style={{ flex: '1 1 160px' }}>
                <Input data-testid="new-contact-number" inputMode="tel" onPressEnter={keepEnter} />
              </Form.Item>
            </Flex>
            <Flex gap={8} justify="end" style={{ marginBottom: 16 }}>
              <Button onClick={() => setCreating(false)}>{t('common.cancel')}</Button>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => void saveContact().catch(() => undefined)} data-testid="new-contact-save">
                {t('manager.newTicketDialog.saveContact')}
              </Button>
            </Flex>
          </div>
        </Form>
      )}
      <Form.Item
        name="queueId"
        label={t('manager.newTicketDialog.queue')}
        rules={queueOptional ? [] : [{ required: true, message: t('manager.newTicketDialog.selectQueue') }]}
      >
        <Select
          data-testid="new-ticket-queue"
          allowClear={queueOptional}
          placeholder={t('manager.newTicketDialog.selectQueue')}
          options={queues.map((q) => ({ value: q.id, label: q.name }))}
        />
      </Form.Item>
      <Form.Item name="whatsappId" label={t('manager.newTicketDialog.connection')}>
        <Select
          data-testid="new-ticket-connection"
          allowClear
          placeholder={t('manager.newTicketDialog.connectionPlaceholder')}
          options={connections.map((c) => ({ value: c.id, label: c.name }))}
        />
      </Form.Item>
      {holder && (
        <Alert
          type="warning"
          showIcon
          data-testid="new-ticket-holder"
          title={
            holder.user
              ? t('manager.newTicketDialog.held', { user: holder.user.name, queue: holder.queue?.name ?? t('tickets.noQueue') })
              : t('manager.newTicketDialog.heldNoUser', { queue: holder.queue?.name ?? t('tickets.noQueue') })
          }
        />
      )}
    </FormDialog>
  );
};
