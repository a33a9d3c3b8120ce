import { useRef, useState, type ChangeEvent } from 'react';
import { Alert, Button, Flex, Input, Popover, Tooltip, Typography, theme } from 'antd';
import { AudioOutlined, CloseOutlined, EnvironmentOutlined, PaperClipOutlined, SendOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { SimContactForm } from './SimContactForm';
import { SimLocationForm } from './SimLocationForm';
import { MAX_FILE_BYTES, base64FromDataUrl, fileMessage, formatBytes, formatDuration, isTooBig, type SimOutgoing } from './simulator.logic';
import type { PresenceReporter } from './simulator.presence';
import { useVoiceNote } from './useVoiceNote';

const NO_SHRINK = { flexShrink: 0 } as const;

const readDataUrl = (file: Blob): Promise<string> =>
  new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });

/**
 * The customer's keyboard: text, a file (the text as its caption), a location, a contact card or
 * a voice note from the microphone. Typing and recording reach the agent through `presence`.
 */
export const SimulatorComposer = ({ disabled, onSend, presence }: { disabled: boolean; onSend: (m: SimOutgoing) => Promise<boolean>; presence?: PresenceReporter }) => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState<'location' | 'contact' | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const send = async (m: SimOutgoing, clearsText: boolean) => {
    setBusy(true);
    setError(null);
    try {
      if ((await onSend(m)) && clearsText) setText('');
    } finally {
      setBusy(false);
    }
  };

  const sendText = () => {
    const body = text.trim();
    if (!body || disabled || busy) return;
    presence?.paused();
    void send({ body }, true);
  };

  const voice = useVoiceNote((audio) => {
    void (async () => {
      if (isTooBig(audio.size)) {
        setError(t('simulator.fileTooBig', { name: t('simulator.tags.ptt'), size: formatBytes(audio.size), max: formatBytes(MAX_FILE_BYTES) }));
        return;
      }
      if (audio.size === 0) return;
      const data = base64FromDataUrl(await readDataUrl(audio));
      await send({ kind: 'ptt', media: { data, mimetype: audio.type || 'audio/webm' } }, false);
    })().catch(() => setError(t('simulator.fileReadFailed', { name: t('simulator.tags.ptt') })));
  });

  const startVoice = () => {
    setError(null);
    presence?.recording();
    voice.start().catch((err: unknown) => {
      presence?.paused();
      setError(t('simulator.micFailed', { reason: err instanceof Error ? err.message : String(err) }));
    });
  };

  const stopVoice = (keep: boolean) => {
    presence?.paused();
    voice.stop(keep);
  };

  const chooseFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    // Cleared so choosing the same file again fires another change.
    e.target.value = '';
    if (!file) return;
    if (isTooBig(file.size)) {
      setError(t('simulator.fileTooBig', { name: file.name, size: formatBytes(file.size), max: formatBytes(MAX_FILE_BYTES) }));
      return;
    }
    let data: string;
    try {
      data = base64FromDataUrl(await readDataUrl(file));
    } catch {
      setError(t('simulator.fileReadFailed', { name: file.name }));
      return;
    }
    await send(fileMessage(file, data, text), true);
  };

  const sendAndClose = (m: SimOutgoing) => {
    setOpen(null);
    void send(m, false);
  };

  return (
    <Flex vertical gap={8}>
      {error && <Alert data-testid="sim-file-error" type="error" showIcon title={error} closable onClose={() => setError(null)} />}
      <input ref={fileInput} data-testid="sim-file" type="file" hidden onChange={(e) => void chooseFile(e)} />
      {voice.recording ? (
        // Recording takes the whole row, as on a phone: the text waits until the voice note goes or is dropped.
        <Flex gap={8} align="center">
          <AudioOutlined style={{ color: token.colorError }} />
          <Typography.Text data-testid="sim-recording-time" type="danger" style={NO_SHRINK}>
            {formatDuration(voice.seconds)}
          </Typography.Text>
          <Typography.Text data-testid="sim-recording" type="danger" style={{ flex: 1, minWidth: 0 }} ellipsis>
            {t('simulator.recordingNow')}
          </Typography.Text>
          <Tooltip title={t('simulator.cancelRecording')}>
            <Button data-testid="sim-record-cancel" icon={<CloseOutlined />} aria-label={t('simulator.cancelRecording')} onClick={() => stopVoice(false)} style={NO_SHRINK} />
          </Tooltip>
          <Button data-testid="sim-record-send" type="primary" icon={<SendOutlined />} onClick={() => stopVoice(true)} style={NO_SHRINK}>
            {t('simulator.sendVoice')}
          </Button>
        </Flex>
      ) : (
        <Flex gap={8} align="flex-end">
          <Tooltip title={t('simulator.attach')}>
            <Button data-testid="sim-attach" icon={<PaperClipOutlined />} aria-label={t('simulator.attach')} disabled={disabled || busy}
              onClick={() => fileInput.current?.click()} style={NO_SHRINK} />
          </Tooltip>
          <Popover trigger="click" open={open === 'location'} onOpenChange={(o) => setOpen(o ? 'location' : null)} title={t('simulator.location')}
            content={<SimLocationForm onSend={sendAndClose} />} destroyOnHidden>
            <Button data-testid="sim-location" icon={<EnvironmentOutlined />} aria-label={t('simulator.location')} disabled={disabled || busy} style={NO_SHRINK} />
          </Popover>
          <Popover trigger="click" open={open === 'contact'} onOpenChange={(o) => setOpen(o ? 'contact' : null)} title={t('simulator.contact')}
            content={<SimContactForm onSend={sendAndClose} />} destroyOnHidden>
            <Button data-testid="sim-contact" icon={<UserOutlined />} aria-label={t('simulator.contact')} disabled={disabled || busy} style={NO_SHRINK} />
          </Popover>
          <Input.TextArea
            data-testid="sim-input"
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              presence?.typed(e.target.value);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
                e.preventDefault();
                sendText();
              }
            }}
            autoSize={{ minRows: 1, maxRows: 4 }}
            placeholder={t('simulator.input')}
            disabled={disabled}
          />
          <Tooltip title={t('simulator.recordVoice')}>
            <Button data-testid="sim-record" icon={<AudioOutlined />} aria-label={t('simulator.recordVoice')} disabled={disabled || busy} onClick={startVoice} style={NO_SHRINK} />
          </Tooltip>
          <Tooltip title={t('simulator.send')}>
            <Button data-testid="sim-send" type="primary" icon={<SendOutlined />} aria-label={t('simulator.send')} loading={busy} disabled={disabled || !text.trim()}
              onClick={sendText} style={NO_SHRINK} />
          </Tooltip>
        </Flex>
      )}
    </Flex>
  );
};
