import { useEffect, useState } from 'react';
import { loadMedia } from './messages.media';

export type MediaState = { status: 'idle' } | { status: 'loading' } | { status: 'error' } | { status: 'ready'; url: string; size: number };

interface Loaded {
  key: string;
  url: string | null;
  size: number;
}

/**
 * An object URL for a message's file while the caller is mounted and `enabled`; revoked on
 * unmount or when the stored name changes (a retried download arrives under a new name).
 * A new `attempt` asks again after a failure.
 */
export const useMediaUrl = (id: number, mediaUrl: string | null, enabled: boolean, attempt = 0): MediaState => {
  const key = mediaUrl && enabled ? `${id}:${mediaUrl}:${attempt}` : null;
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  useEffect(() => {
    if (!key || !mediaUrl) return;
    let live = true;
    let url: string | null = null;
    loadMedia(id, mediaUrl).then(
      (blob) => {
        if (!live) return;
        url = URL.createObjectURL(blob);
        setLoaded({ key, url, size: blob.size });
      },
      () => {
        if (live) setLoaded({ key, url: null, size: 0 });
      },
    );
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [key, id, mediaUrl]);

  if (!key) return { status: 'idle' };
  if (loaded?.key !== key) return { status: 'loading' };
  return loaded.url ? { status: 'ready', url: loaded.url, size: loaded.size } : { status: 'error' };
};
