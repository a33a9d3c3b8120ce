import type { Config } from './config';
import type { MediaStore } from './media-store';
import { createFsMediaStore } from './media-store-fs';

/**
 * The media store the configuration names (MEDIA_STORE, decision 0385): the filesystem unless s3.
 * The S3 store (and the AWS SDK) is imported only when chosen: the default boot never loads it.
 */
export const createMediaStore = async (config: Pick<Config, 'dataDir' | 'media'>): Promise<MediaStore> => {
  if (config.media?.store !== 's3') return createFsMediaStore(config.dataDir);
  const { createS3MediaStore } = await import('./media-store-s3');
  return createS3MediaStore(config.media.s3, config.dataDir);
};
