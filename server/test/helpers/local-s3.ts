import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { MediaConfig, S3MediaConfig } from '../../src/infra/config';

export interface LocalS3 {
  /** The S3 store's configuration pointing at this server (a fresh bucket). */
  s3: S3MediaConfig;
  media: MediaConfig;
  close(): Promise<void>;
}

/**
 * A local S3-compatible server (s3rver, in this process, files in a temporary folder) with one
 * bucket: what the S3 media store is tested against (MinIO's binary is not installable here).
 */
export const startLocalS3 = async (opts: { bucket?: string; prefix?: string } = {}): Promise<LocalS3> => {
  const bucket = opts.bucket ?? 'balcao-media';
  const dir = mkdtempSync(join(tmpdir(), 'balcao-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  // s3rver takes any signature; its documented keys, as a real deployment would pass them.
  const s3: S3MediaConfig = { bucket, endpoint: `http://127.0.0.1:${port}`, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true, ...(opts.prefix ? { prefix: opts.prefix } : {}) };
  return {
    s3,
    media: { store: 's3', s3 },
    close: async () => {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
};
