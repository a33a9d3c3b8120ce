import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Empty, Flex, Input, Popconfirm, Skeleton, theme, Tooltip, Typography } from 'antd';
import { DeleteOutlined, PaperClipOutlined, PlusOutlined, SaveOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { QueueOptionDto } from '@balcao/shared';
import { toastError } from '../../lib/reportError';
import { useBusy } from '../../lib/useBusy';
import { toast } from '../../lib/toast';
import { queuesApi } from './queues.api';
import { buildTree, nextOptionNumber, subtreeIds, type OptionNode } from './queues.logic';

/** A child being written, not saved yet (one at a time per parent; `null` parent: a root). */
interface Draft {
  parentId: number | null;
  option: string;
}

/**
 * The queue's chatbot menu (administration.md §2: a tree of options with nested children). Each
 * option saves on its own through `/queue-options` (decision 0101); a delete takes its subtree.
 */
export const QueueOptionsEditor = ({ queueId }: { queueId: number }) => {
  const { t } = useTranslation();
  const [rows, setRows] = useState<QueueOptionDto[] | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);

  useEffect(() => {
    let live = true;
    queuesApi
      .options(queueId)
      .then((r) => live && setRows(r))
      .catch((err: unknown) => {
        toastError(err);
        if (live) setRows([]);
      });
    return () => {
      live = false;
    };
  }, [queueId]);

  const put = useCallback((o: QueueOptionDto) => setRows((r) => [...(r ?? []).filter((x) => x.id !== o.id), o]), []);
  const drop = useCallback((id: number) => setRows((r) => (r ? r.filter((x) => !subtreeIds(r, id).includes(x.id)) : r)), []);
  const startDraft = (parentId: number | null) => setDraft({ parentId, option: nextOptionNumber((rows ?? []).filter((r) => r.parentId === parentId)) });

  if (!rows) return <Skeleton active paragraph={{ rows: 3 }} data-testid="queue-options-skeleton" />;
  const tree = buildTree(rows);
  const ctx: NodeCtx = { queueId, draft, setDraft, startDraft, put, drop };
  return (
    <Flex vertical gap={8} data-testid="queue-options">
      {tree.length === 0 && draft?.parentId !== null ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('queues.options.empty')} /> : null}
      {tree.map((n) => (
        <OptionItem key={n.id} node={n} ctx={ctx} depth={0} />
      ))}
      {draft && draft.parentId === null ? <OptionForm ctx={ctx} depth={0} /> : null}
      <Button type="dashed" icon={<PlusOutlined />} onClick={() => startDraft(null)} data-testid="queue-option-add-root">
        {t('queues.options.add')}
      </Button>
    </Flex>
  );
};

interface NodeCtx {
  queueId: number;
  draft: Draft | null;
  setDraft: (d: Draft | null) => void;
  startDraft: (parentId: number | null) => void;
  put: (o: QueueOptionDto) => void;
  drop: (id: number) => void;
}

const OptionItem = ({ node, ctx, depth }: { node: OptionNode; ctx: NodeCtx; depth: number }) => (
  <>
    <OptionForm ctx={ctx} depth={depth} node={node} />
    {node.children.map((c) => (
      <OptionItem key={c.id} node={c} ctx={ctx} depth={depth + 1} />
    ))}
    {ctx.draft?.parentId === node.id ? <OptionForm ctx={ctx} depth={depth + 1} /> : null}
  </>
);

/** One option (or the draft when `node` is absent): number, title, message, file; save, add child, delete. */
const OptionForm = ({ ctx, depth, node }: { ctx: NodeCtx; depth: number; node?: OptionNode }) => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [option, setOption] = useState(node?.option ?? ctx.draft?.option ?? '');
  const [title, setTitle] = useState(node?.title ?? '');
  const [message, setMessage] = useState(node?.message ?? '');
  const [busy, run] = useBusy();
  const fileInput = useRef<HTMLInputElement>(null);
  const dirty = !node || option !== node.option || title !== node.title || message !== node.message;
  const testId = node ? `queue-option-${node.id}` : 'queue-option-draft';

  const save = () =>
    run(async () => {
      if (!title.trim()) {
        toast.error(t('queues.options.titleRequired'));
        return;
      }
      if (node) ctx.put(await queuesApi.updateOption(node.id, { title, option, message }));
      else {
        ctx.put(await queuesApi.createOption({ queueId: ctx.queueId, parentId: ctx.draft?.parentId ?? null, title, option, message }));
        ctx.setDraft(null);
      }
      toast.success(t('queues.options.saved'));
    });
  const remove = () =>
    run(async () => {
      await queuesApi.removeOption(node!.id);
      ctx.drop(node!.id);
      toast.success(t('queues.options.deleted'));
    });
  const attach = (file: File) => run(async () => ctx.put(await queuesApi.uploadOption(node!.id, file)));
  const detach = () => run(async () => ctx.put(await queuesApi.removeOptionMedia(node!.id)));

  return (
    <Flex
      vertical
      gap={6}
      data-testid={testId}
      role="group"
      aria-label={title || t('queues.options.new')}
      style={{ marginLeft: Math.min(depth, 6) * 20, padding: 8, borderLeft: `3px solid ${depth ? token.colorBorder : token.colorPrimary}`, background: token.colorFillQuaternary, borderRadius: token.borderRadiusSM }}
      onKeyDown={(e) => {
        // Enter in a one-line field saves this option; Escape drops an unsaved one.
        if (e.key === 'Enter' && (e.target as HTMLElement).tagName === 'INPUT') {
          e.preventDefault();
          if (dirty) void save();
        } else if (e.key === 'Escape' && !node) {
          e.stopPropagation();
          ctx.setDraft(null);
        }
      }}
    >
      <Flex gap={6}>
        <Input value={option} onChange={(e) => setOption(e.target.value)} maxLength={20} style={{ width: 64 }} aria-label={t('queues.options.number')} placeholder="#" data-testid="queue-option-number" />
        <Input
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          maxLength={100}
          autoFocus={!node}
          placeholder={t('queues.options.title')}
          aria-label={t('queues.options.title')}
          data-testid="queue-option-title"
        />
      </Flex>
      <Input.TextArea
        value={message}
        onChange={(e) => setMessage(e.target.value)}
        maxLength={5000}
        autoSize={{ minRows: 1, maxRows: 5 }}
        placeholder={t('queues.options.message')}
        aria-label={t('queues.options.message')}
        data-testid="queue-option-message"
      />
      <Flex gap={6} wrap align="center">
        <Button size="small" type="primary" icon={<SaveOutlined />} disabled={!dirty} loading={busy} onClick={() => void save()} data-testid="queue-option-save">
          {t('queues.options.save')}
        </Button>
        {node ? (
          <>
            <Button size="small" icon={<PlusOutlined />} onClick={() => ctx.startDraft(node.id)} data-testid="queue-option-add-child">
              {t('queues.options.addChild')}
            </Button>
            <input
              ref={fileInput}
              type="file"
              style={{ display: 'none' }}
              data-testid="queue-option-file"
              onChange={(e) => {
                const picked = e.target.files?.[0];
                if (picked) void attach(picked);
                e.target.value = '';
              }}
            />
            <Tooltip title={node.mediaName ? t('queues.replaceAttachment') : t('queues.attach')}>
              <Button size="small" icon={<PaperClipOutlined />} aria-label={t('queues.attach')} onClick={() => fileInput.current?.click()} data-testid="queue-option-attach" />
            </Tooltip>
            {node.mediaName ? (
              <>
                <Typography.Text ellipsis style={{ maxWidth: 160 }} data-testid="queue-option-attachment-name">
                  {node.mediaName}
                </Typography.Text>
                <Button size="small" danger type="text" icon={<DeleteOutlined />} aria-label={t('queues.removeAttachment')} onClick={() => void detach()} data-testid="queue-option-remove-attachment" />
              </>
            ) : null}
            <span style={{ flex: 1 }} />
            <Popconfirm
              title={t('queues.options.deleteTitle', { title: node.title })}
              description={node.children.length ? t('queues.options.deleteTextChildren') : t('queues.options.deleteText')}
              okText={t('common.confirm')}
              cancelText={t('common.cancel')}
              okButtonProps={{ danger: true, 'data-testid': 'queue-option-delete-confirm' }}
              onConfirm={() => remove()}
            >
              <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('queues.options.delete')} data-testid="queue-option-delete" />
            </Popconfirm>
          </>
        ) : (
          <Button size="small" onClick={() => ctx.setDraft(null)} data-testid="queue-option-cancel">
            {t('common.cancel')}
          </Button>
        )}
      </Flex>
    </Flex>
  );
};
