import { useEffect, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { Button, Flex, Input, Switch, Tooltip, theme } from 'antd';
import { AudioOutlined, LoadingOutlined, PaperClipOutlined, SendOutlined } from '@ant-design/icons';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import type { MessageDto, QuickMessageDto, TicketDto } from '@balcao/shared';
import { useTranslation } from 'react-i18next';
import { isReachable, newClientId, setReachable } from '../../../lib/connectivity';
import { errorCode } from '../../../lib/errors';
import { ApiError } from '../../../lib/http';
import { toastError } from '../../../lib/reportError';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { messagesApi } from '../messages.api';
import { useConversation } from '../messages.store';
import { useOutbox } from '../outbox/outbox.store';
import { AttachmentTray, type Attachment } from './AttachmentTray';
import { fillVariables, matchQuickReplies, MIN_AUDIO_BYTES, quickQuery, replyBlocker, signBody, windowOwner } from './composer.logic';
import { useWindowFollowsConnection } from './useWindowFollowsConnection';
import { EmojiPicker } from './EmojiPicker';
import { compressImage } from './images';
import { QuickReplyList } from './QuickReplyList';
import { quickMessagesApi } from '../../quick-messages';
import { copilotApi, SuggestionsButton, TransferNotice, TranslationBar, useCopilotOn, useOutgoingTranslation } from '../../copilot';
import { RecorderBar } from './RecorderBar';
import { startRecording, type Recording } from './recorder';
import { ReplyPreview } from './ReplyPreview';
import { useSignOption } from './signOption';
import { WindowClosedBar } from './WindowClosedBar';

let seq = 0;
const toAttachment = (file: File): Attachment => ({
  id: `a${++seq}`,
  file,
  thumb: file.type.startsWith('image/') && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null,
});
const revoke = (items: Attachment[]) => {
  for (const a of items) if (a.thumb) URL.revokeObjectURL(a.thumb);
};

/**
 * The message input of attendance §2: text (Enter sends, Shift+Enter breaks the line, up to 5
 * rows), emojis, attachments (button, drag-and-drop onto the conversation, paste) with a caption,
 * the sign switch, quick replies ('/'), the voice recorder and the reply-to preview. Disabled,
 * with the reason as its placeholder, unless the ticket is open and the agent may answer it.
 */
export const Composer = ({ ticket }: { ticket: TicketDto }) => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const user = useSession((s) => s.user);
  const replyTo = useConversation((s) => s.replyTo);
  // A Cloud API ticket 24 hours after the customer's last message: templates only (decision 0391).
  const windowClosed = useConversation((s) => s.window?.open === false);
  useWindowFollowsConnection(ticket.whatsappId);
  const setReplyTo = useConversation((s) => s.setReplyTo);
  const [sign, setSign] = useSignOption();
  const copilot = useCopilotOn();
  // The customer reads another language (decision 0440): the agent's words go out translated.
  const translated = useOutgoingTranslation(ticket.id);
  const [text, setText] = useState('');
  const [sending, setSending] = useState(0);
  const [items, setItems] = useState<Attachment[]>([]);
  const [caption, setCaption] = useState('');
  const [uploading, setUploading] = useState(false);
  const [quick, setQuick] = useState<QuickMessageDto[] | null>(null);
  const [active, setActive] = useState(0);
  const [quickClosed, setQuickClosed] = useState(false);
  const [recording, setRecording] = useState<{ rec: Recording; startedAt: number } | null>(null);
  const [elapsed, setElapsed] = useState(0);
  const [dragging, setDragging] = useState(false);
  // Sends run one after another so fast typists' messages keep their order.
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const rootRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<TextAreaRef>(null);
  const captionRef = useRef<TextAreaRef>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const caret = useRef<{ el: HTMLTextAreaElement; pos: number } | null>(null);
  const blocker = replyBlocker(ticket, user);
  const blockedText = blocker ? t(`composer.${blocker}`) : null;

  const apply = (m: MessageDto | undefined) => {
    if (m && typeof m === 'object' && 'id' in m) useConversation.getState().applyMessage(m);
  };
  /** A refused send: the window closed meanwhile (the server's clock decides) offers templates. */
  const refused = (err: unknown) => {
    if (errorCode(err) === 'ERR_WINDOW_CLOSED') useConversation.getState().closeWindow(windowOwner(err));
    toastError(err);
  };

  const enqueue = <T,>(task: () => Promise<T>): Promise<T> => {
    setSending((n) => n + 1);
    const next = queue.current.then(task).finally(() => setSending((n) => n - 1));
    queue.current = next.catch(() => undefined);
    return next;
  };

  const submitText = () => {
    const raw = text.trim();
    if (!raw || blocker) return; // spec §5: an empty or whitespace message is not sent
    const quoted = replyTo;
    setText('');
    setReplyTo(null);
    const body = signBody(raw, sign, user?.name);
    const clientId = newClientId();
    // Kept on the device with its id while the server is unreachable (issue 16 §4; decision 0306).
    const keep = () =>
      user
        ? useOutbox.getState().add({
            clientId,
            companyId: user.companyId,
            userId: user.id,
            ticketId: ticket.id,
            ticketUuid: ticket.uuid,
            body,
            quotedMsgId: quoted?.id ?? null,
            createdAt: new Date().toISOString(),
          })
        : Promise.resolve();
    if (translated) {
      // Translated by the server, which needs the model: never kept for later in the outbox.
      void enqueue(async () => {
        try {
          apply(await copilotApi.sendTranslated(ticket.id, body, clientId));
        } catch (err) {
          refused(err);
          setText((current) => current || raw);
        }
      });
      return;
    }
    void enqueue(async () => {
      // Offline, or earlier messages of this ticket still wait: behind them, in order.
      if (!isReachable() || useOutbox.getState().items.some((i) => i.ticketId === ticket.id)) return keep();
      try {
        apply(await messagesApi.send(ticket.id, body, quoted?.id, clientId));
      } catch (err) {
        // No answer: maybe stored, maybe not — the same id retried later decides, never twice.
        if (err instanceof ApiError && err.status === 0) {
          setReachable(false);
          return keep();
        }
        refused(err);
        setText((current) => current || raw);
        if (quoted && !useConversation.getState().replyTo) setReplyTo(quoted);
      }
    });
  };

  /** Files (and a voice note) as one multipart call; resolves whether it went. */
  const upload = (files: File[], captionText: string, voice = false): Promise<boolean> => {
    const quoted = replyTo;
    setReplyTo(null);
    const body = signBody(captionText.trim(), sign, user?.name);
    return enqueue(async () => {
      try {
        const ready = voice ? files : await Promise.all(files.map(compressImage));
        const sent = await messagesApi.sendMedia(ticket.id, { files: ready, body, quotedMsg: quoted?.id ?? null, voice });
        if (Array.isArray(sent)) sent.forEach(apply);
        return true;
      } catch (err) {
        refused(err);
        if (quoted && !useConversation.getState().replyTo) setReplyTo(quoted);
        return false;
      }
    });
  };

  const addFiles = (files: File[], captionOverride?: string) => {
    if (blocker || files.length === 0 || recording) return;
    setItems((current) => [...current, ...files.map(toAttachment)]);
    if (captionOverride !== undefined) setCaption(captionOverride);
    else if (text.trim() && !caption) {
      // What was typed becomes the caption rather than being lost behind the tray.
      setCaption(text);
      setText('');
    }
  };
  const addFilesRef = useRef(addFiles);
  addFilesRef.current = addFiles;

  const clearTray = () => {
    setItems((current) => {
      revoke(current);
      return [];
    });
    setCaption('');
  };
  const removeItem = (id: string) =>
    setItems((current) => {
      revoke(current.filter((a) => a.id === id));
      return current.filter((a) => a.id !== id);
    });
  const sendTray = async () => {
    if (items.length === 0 || uploading) return;
    setUploading(true);
    const ok = await upload(
      items.map((a) => a.file),
      caption,
    );
    setUploading(false);
    if (ok) clearTray();
  };

  // Thumbnails' object URLs die with the composer.
  const itemsRef = useRef(items);
  itemsRef.current = items;
  useEffect(() => () => revoke(itemsRef.current), []);

  // Drag-and-drop anywhere on the conversation (the composer's parent), not only on the input.
  useEffect(() => {
    const target = rootRef.current?.parentElement ?? rootRef.current;
    if (!target) return;
    const hasFiles = (e: DragEvent) => Array.from(e.dataTransfer?.types ?? []).includes('Files');
    const over = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      setDragging(true);
    };
    const leave = (e: DragEvent) => {
      if (!e.relatedTarget || !target.contains(e.relatedTarget as Node)) setDragging(false);
    };
    const drop = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      setDragging(false);
      addFilesRef.current(Array.from(e.dataTransfer?.files ?? []));
    };
    target.addEventListener('dragenter', over);
    target.addEventListener('dragover', over);
    target.addEventListener('dragleave', leave);
    target.addEventListener('drop', drop);
    return () => {
      target.removeEventListener('dragenter', over);
      target.removeEventListener('dragover', over);
      target.removeEventListener('dragleave', leave);
      target.removeEventListener('drop', drop);
    };
  }, []);

  const onPaste = (e: ClipboardEvent<HTMLTextAreaElement>) => {
    const files = Array.from(e.clipboardData?.files ?? []);
    if (files.length === 0) return; // plain text pastes as usual
    e.preventDefault();
    addFiles(files);
  };

  // Quick replies: fetched afresh each time the agent starts a '/' (the list is small).
  const query = quickQuery(text);
  const asking = query !== null && !blocker;
  useEffect(() => {
    if (!asking) return;
    let live = true;
    quickMessagesApi.list().then(
      (list) => live && setQuick(Array.isArray(list) ? list : []),
      (err: unknown) => {
        if (!live) return;
        toastError(err);
        setQuick([]);
      },
    );
    return () => {
      live = false;
    };
  }, [asking]);
  const matches = asking && quick ? matchQuickReplies(quick, query) : [];
  const showQuick = asking && quick !== null && !quickClosed;

  const pickQuick = async (q: QuickMessageDto) => {
    const filled = fillVariables(q.message, { contactName: ticket.contact?.name ?? '', ticketId: ticket.id, now: new Date() });
    if (!(q.isMedia && q.mediaPath)) {
      setText(filled);
      setQuickClosed(filled.startsWith('/')); // a reply that itself starts with '/' does not reopen the list
      return;
    }
    // A media quick reply puts its file in the tray with the message as caption: one more Enter sends.
    setText('');
    try {
      const blob = await quickMessagesApi.mediaBlob(q.id);
      addFiles([new File([blob], q.mediaName || q.mediaPath, { type: blob.type })], filled);
    } catch (err) {
      toastError(err);
      setText(filled);
    }
  };

  const onChange = (value: string) => {
    setText(value);
    setActive(0);
    if (!value.startsWith('/')) setQuickClosed(false);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.nativeEvent.isComposing) return;
    if (showQuick) {
      if (e.key === 'Escape') {
        e.preventDefault();
        setQuickClosed(true);
        return;
      }
      if (matches.length > 0) {
        if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
          e.preventDefault();
          const step = e.key === 'ArrowDown' ? 1 : -1;
          setActive((i) => (i + step + matches.length) % matches.length);
          return;
        }
        if ((e.key === 'Enter' && !e.shiftKey) || e.key === 'Tab') {
          e.preventDefault();
          void pickQuick(matches[Math.min(active, matches.length - 1)]!);
          return;
        }
      }
    }
    if (e.key !== 'Enter' || e.shiftKey) return;
    e.preventDefault();
    submitText();
  };

  const insertEmoji = (emoji: string) => {
    const intoCaption = items.length > 0;
    const el = (intoCaption ? captionRef : inputRef).current?.resizableTextArea?.textArea ?? null;
    const value = intoCaption ? caption : text;
    const start = el?.selectionStart ?? value.length;
    const end = el?.selectionEnd ?? value.length;
    const next = value.slice(0, start) + emoji + value.slice(end);
    if (intoCaption) setCaption(next);
    else onChange(next);
    if (el) caret.current = { el, pos: start + emoji.length };
  };
  // After an emoji went in: back to the field, the cursor just after it.
  useEffect(() => {
    const c = caret.current;
    if (!c) return;
    caret.current = null;
    c.el.focus();
    c.el.setSelectionRange(c.pos, c.pos);
  });

  const recordingRef = useRef(recording);
  recordingRef.current = recording;
  useEffect(() => () => recordingRef.current?.rec.cancel(), []);
  useEffect(() => {
    if (!recording) return;
    const timer = setInterval(() => setElapsed(Date.now() - recording.startedAt), 250);
    return () => clearInterval(timer);
  }, [recording]);

  const startRec = async () => {
    if (blocker || recording) return;
    try {
      const rec = await startRecording();
      setElapsed(0);
      setRecording({ rec, startedAt: Date.now() });
    } catch {
      toast.error(t('composer.micUnavailable'));
    }
  };
  const cancelRec = () => {
    recording?.rec.cancel();
    setRecording(null);
  };
  const sendRec = async () => {
    if (!recording) return;
    const bytes = recording.rec.stop();
    setRecording(null);
    // Spec §5: a recording under 10 000 bytes is a slip of the finger, not a message.
    if (bytes.length < MIN_AUDIO_BYTES) {
      toast.warning(t('composer.audioTooShort'));
      return;
    }
    await upload([new File([bytes], `audio-${Date.now()}.mp3`, { type: 'audio/mpeg' })], '', true);
  };

  const disabled = !!blocker;
  return (
    <div
      ref={rootRef}
      data-testid="composer"
      style={{ borderTop: `1px solid ${token.colorBorderSecondary}`, background: token.colorBgContainer, position: 'relative' }}
    >
      {copilot && <TransferNotice ticketId={ticket.id} assignee={ticket.userId} me={user?.id} />}
      {copilot && <TranslationBar ticketId={ticket.id} hidden={disabled} />}
      {replyTo && !disabled && <ReplyPreview message={replyTo} ticket={ticket} onCancel={() => setReplyTo(null)} />}
      {showQuick && <QuickReplyList items={matches} active={active} onPick={(q) => void pickQuick(q)} />}
      {dragging && !disabled && (
        <div
          data-testid="drop-zone"
          style={{ margin: '8px 12px 0', padding: 16, textAlign: 'center', border: `2px dashed ${token.colorPrimary}`, borderRadius: token.borderRadius, color: token.colorPrimary }}
        >
          {t('composer.dropHere')}
        </div>
      )}
      {windowClosed && !disabled && items.length === 0 && !recording ? (
        <WindowClosedBar ticket={ticket} onSent={apply} />
      ) : items.length > 0 ? (
        <Flex vertical>
          <AttachmentTray
            items={items}
            caption={caption}
            onCaption={setCaption}
            onRemove={removeItem}
            onDiscard={clearTray}
            onSend={() => void sendTray()}
            onPaste={onPaste}
            sending={uploading}
            captionRef={captionRef}
          />
          <Flex style={{ padding: '0 12px 8px' }}>
            <EmojiPicker onPick={insertEmoji} />
          </Flex>
        </Flex>
      ) : (
        <Flex gap={4} align="flex-end" style={{ padding: '8px 12px' }}>
          {recording ? (
            <RecorderBar elapsed={elapsed} onCancel={cancelRec} onSend={() => void sendRec()} sending={sending > 0} />
          ) : (
            <>
              <EmojiPicker onPick={insertEmoji} disabled={disabled} />
              <Button type="text" icon={<PaperClipOutlined />} aria-label={t('composer.attach')} disabled={disabled} onClick={() => fileRef.current?.click()} data-testid="attach-button" />
              {copilot ? (
                <SuggestionsButton
                  ticketId={ticket.id}
                  disabled={disabled}
                  onInsert={(draft) => {
                    // Into the editable composer, never sent: the agent reviews, edits and sends it.
                    setText(draft);
                    requestAnimationFrame(() => inputRef.current?.focus());
                  }}
                />
              ) : null}
              <input
                ref={fileRef}
                type="file"
                multiple
                hidden
                data-testid="attach-input"
                onChange={(e) => {
                  addFiles(Array.from(e.target.files ?? []));
                  e.target.value = ''; // the same file may be chosen again
                }}
              />
              <Tooltip title={t('composer.sign')}>
                <Switch size="small" checked={sign} onChange={setSign} aria-label={t('composer.sign')} disabled={disabled} data-testid="sign-toggle" style={{ alignSelf: 'center', margin: '0 4px' }} />
              </Tooltip>
              <Input.TextArea
                ref={inputRef}
                data-testid="message-input"
                value={text}
                onChange={(e) => onChange(e.target.value)}
                onKeyDown={onKeyDown}
                onPaste={onPaste}
                disabled={disabled}
                placeholder={blockedText ?? t('composer.placeholder')}
                title={blockedText ?? undefined}
                autoSize={{ minRows: 1, maxRows: 5 }}
                maxLength={65_536}
                role="combobox"
                aria-expanded={showQuick}
                aria-controls={showQuick ? 'quick-replies' : undefined}
                aria-activedescendant={showQuick && matches[active] ? `quick-reply-${matches[active].id}` : undefined}
                aria-autocomplete="list"
              />
              {/* Sends queue in order (enqueue above), so an earlier one still in flight only spins
                  the icon: antd's `loading` would swallow the next click and leave the text unsent. */}
              {text.trim() ? (
                <Button type="primary" icon={sending > 0 ? <LoadingOutlined /> : <SendOutlined />} aria-busy={sending > 0} disabled={disabled} onClick={submitText} data-testid="send-button" aria-label={t('common.send')} />
              ) : (
                <Button type="primary" icon={sending > 0 ? <LoadingOutlined /> : <AudioOutlined />} aria-busy={sending > 0} disabled={disabled} onClick={() => void startRec()} data-testid="record-button" aria-label={t('composer.record')} />
              )}
            </>
          )}
        </Flex>
      )}
    </div>
  );
};
