import { useCallback, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Button, Flex, Typography } from 'antd';
import { DeleteOutlined, PaperClipOutlined } from '@ant-design/icons';

/** A record that may carry one attached file (announcements, queues, quick replies). */
interface WithMedia {
  id: number;
  mediaPath: string | null;
}

/** The attachment endpoints of such a record. */
export interface MediaApi<T extends WithMedia> {
  upload: (id: number, file: File) => Promise<T>;
  removeMedia: (id: number) => Promise<T>;
}

/**
 * The attachment a dialog is editing: a newly chosen file, or the saved one marked for removal.
 * Nothing is sent until the dialog saves; then `apply` uploads the new file or removes the old
 * one and returns the record as it ends up.
 */
export const useAttachment = () => {
  const [file, setFile] = useState<File | null>(null);
  const [dropMedia, setDropMedia] = useState(false);
  const reset = useCallback(() => {
    setFile(null);
    setDropMedia(false);
  }, []);
  const apply = async <T extends WithMedia>(saved: T, api: MediaApi<T>): Promise<T> => {
    if (file) return api.upload(saved.id, file);
    if (dropMedia && saved.mediaPath) return api.removeMedia(saved.id);
    return saved;
  };
  /** The name to show: the new file's, else the saved one's unless marked for removal. */
  const shownName = (savedName: string | null | undefined) => file?.name ?? (dropMedia ? null : savedName || null);
  const remove = () => (file ? setFile(null) : setDropMedia(true));
  return { file, pick: setFile, remove, reset, apply, shownName };
};

export type Attachment = ReturnType<typeof useAttachment>;

interface FieldProps {
  attachment: Attachment;
  /** The saved record's file name, if any. */
  savedName: string | null | undefined;
  /** Test ids are `<prefix>-file`, `-attach`, `-attachment-name`, `-remove-attachment`. */
  testIdPrefix: string;
  labels: { attach: string; replace: string; remove: string; none: string };
  icon?: ReactNode;
  /** The file input's `accept`. */
  accept?: string;
  /** Whether a picked file is taken (it says why not itself). */
  accepts?: (file: File) => boolean;
}

/** A dialog's attach button, the chosen or saved file's name and its remove button. */
export const AttachmentField = ({ attachment, savedName, testIdPrefix, labels, icon = <PaperClipOutlined />, accept, accepts }: FieldProps) => {
  const input = useRef<HTMLInputElement>(null);
  const name = attachment.shownName(savedName);
  return (
    <Flex gap={8} align="center">
      <input
        ref={input}
        type="file"
        accept={accept}
        style={{ display: 'none' }}
        data-testid={`${testIdPrefix}-file`}
        onChange={(e) => {
          const picked = e.target.files?.[0];
          e.target.value = '';
          if (picked && (!accepts || accepts(picked))) attachment.pick(picked);
        }}
      />
      <Button icon={icon} style={{ flexShrink: 0 }} onClick={() => input.current?.click()} data-testid={`${testIdPrefix}-attach`}>
        {name ? labels.replace : labels.attach}
      </Button>
      {name ? (
        <>
          <Typography.Text ellipsis style={{ flex: 1, minWidth: 0 }} data-testid={`${testIdPrefix}-attachment-name`}>
            {name}
          </Typography.Text>
          <Button size="small" danger icon={<DeleteOutlined />} aria-label={labels.remove} data-testid={`${testIdPrefix}-remove-attachment`} onClick={attachment.remove} />
        </>
      ) : (
        <Typography.Text type="secondary">{labels.none}</Typography.Text>
      )}
    </Flex>
  );
};
