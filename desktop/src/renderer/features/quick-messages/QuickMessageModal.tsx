import { useEffect, useRef, useState } from 'react';
import { Button, Flex, Form, Input, Space, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { can, quickMessageShortcode, QUICK_MESSAGE_SHORTCODE_MAX, QUICK_MESSAGE_TEXT_MAX, type QuickMessageDto } from '@balcao/shared';
import { AttachmentField, useAttachment } from '../../components/AttachmentField';
import { FormDialog, useFormSave, type EditDialogProps } from '../../components/FormDialog';
import { useSession } from '../../lib/session';
import { zodRule } from '../../lib/zodRule';
import { quickMessagesApi } from './quick-messages.api';
import { insertAtCursor, QUICK_MESSAGE_VARIABLES } from './quick-messages.logic';

interface Values {
  shortcode: string;
  message: string;
  geral: boolean;
  status: boolean;
}

const shortcodeRule = zodRule(quickMessageShortcode);

/** Add/edit a quick reply (administration.md §2, §5, §6): shortcode, message with variables, general flag (admins), file. */
export const QuickMessageModal = ({ open, record, onClose, onSaved }: EditDialogProps<QuickMessageDto>) => {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const user = useSession((s) => s.user);
  const mayMarkGeneral = !!user && can(user, 'quickMessages:setGeneral');
  const { run, dialog } = useFormSave({ form, onClose, success: t('quickMessages.saved'), duplicate: { field: 'shortcode', text: t('quickMessages.shortcodeTaken') } });
  /** The record as saved so far: after a create whose upload failed, a retry saves it again instead of creating twice. */
  const [current, setCurrent] = useState<QuickMessageDto | null>(record);
  const attachment = useAttachment();
  const { reset: resetAttachment } = attachment;
  const messageBox = useRef<HTMLTextAreaElement | null>(null);
  const selection = useRef<{ start: number; end: number } | null>(null);

  useEffect(() => {
    if (!open) return;
    setCurrent(record);
    resetAttachment();
    selection.current = null;
    form.setFieldsValue({ shortcode: record?.shortcode ?? '', message: record?.message ?? '', geral: record?.geral ?? false, status: record?.status ?? true });
  }, [open, record, form, resetAttachment]);

  const remember = (el: HTMLTextAreaElement) => {
    messageBox.current = el;
    selection.current = { start: el.selectionStart, end: el.selectionEnd };
  };

  const insertVariable = (name: string) => {
    const text = (form.getFieldValue('message') as string | undefined) ?? '';
    const sel = selection.current;
    const next = insertAtCursor(text, `{{${name}}}`, sel?.start, sel?.end);
    form.setFieldValue('message', next.text);
    selection.current = { start: next.caret, end: next.caret };
    // Back to the text, the caret just after what was inserted (once React has written the value).
    requestAnimationFrame(() => {
      const el = messageBox.current;
      if (!el) return;
      el.setSelectionRange(next.caret, next.caret);
      el.focus();
      // Focusing reports a selection of its own (React's onSelect): the caret is where we put it.
      selection.current = { start: next.caret, end: next.caret };
    });
  };

  const submit = (values: Values) =>
    run(async () => {
      const body = { shortcode: values.shortcode, message: values.message ?? '', status: values.status, ...(mayMarkGeneral ? { geral: values.geral } : {}) };
      let saved = current ? await quickMessagesApi.update(current.id, body) : await quickMessagesApi.create({ geral: false, ...body });
      setCurrent(saved);
      onSaved(saved);
      saved = await attachment.apply(saved, quickMessagesApi);
      onSaved(saved);
    });

  return (
    <FormDialog<Values>
      {...dialog}
      open={open}
      title={t(record ? 'quickMessages.editTitle' : 'quickMessages.addTitle')}
      okText={t('quickMessages.save')}
      onFinish={submit}
      testIds={{ save: 'quick-save', form: 'quick-form' }}
      width={560}
    >
      <Form.Item name="shortcode" label={t('quickMessages.shortcode')} rules={[shortcodeRule]} extra={t('quickMessages.shortcodeHint')}>
        <Input prefix="/" maxLength={QUICK_MESSAGE_SHORTCODE_MAX} autoFocus data-testid="quick-shortcode" />
      </Form.Item>
      <Form.Item label={t('quickMessages.message')} style={{ marginBottom: 8 }}>
        <Form.Item name="message" noStyle>
          <Input.TextArea
            autoSize={{ minRows: 3, maxRows: 10 }}
            maxLength={QUICK_MESSAGE_TEXT_MAX}
            data-testid="quick-message"
            // What the person did (typing, arrows, a click or a drag): React's onSelect would also
            // report the jump to the end when the dialog itself writes the text.
            onKeyUp={(e) => remember(e.currentTarget)}
            onMouseUp={(e) => remember(e.currentTarget)}
            onChange={(e) => remember(e.currentTarget)}
          />
        </Form.Item>
      </Form.Item>
      <Flex wrap gap={4} align="center" style={{ marginBottom: 16 }} role="group" aria-label={t('quickMessages.variables')}>
        <Typography.Text type="secondary">{t('quickMessages.variables')}:</Typography.Text>
        {QUICK_MESSAGE_VARIABLES.map((v) => (
          <Button key={v} size="small" type="dashed" onClick={() => insertVariable(v)} data-testid={`quick-variable-${v}`} title={`{{${v}}}`}>
            {t(`quickMessages.variable.${v}`)}
          </Button>
        ))}
      </Flex>
      <Space size="large" wrap>
        {mayMarkGeneral ? (
          <Form.Item name="geral" valuePropName="checked" label={t('quickMessages.general')} tooltip={t('quickMessages.generalHelp')}>
            <Switch data-testid="quick-geral" />
          </Form.Item>
        ) : null}
        <Form.Item name="status" valuePropName="checked" label={t('quickMessages.active')}>
          <Switch data-testid="quick-status" />
        </Form.Item>
      </Space>
      <AttachmentField
        attachment={attachment}
        savedName={current?.mediaName}
        testIdPrefix="quick"
        labels={{
          attach: t('quickMessages.attach'),
          replace: t('quickMessages.replaceAttachment'),
          remove: t('quickMessages.removeAttachment'),
          none: t('quickMessages.noAttachment'),
        }}
      />
    </FormDialog>
  );
};
