import { createReadStream, createWriteStream } from 'node:fs';
import { stat, unlink } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { S3MediaConfig } from './config';
import { createSpool } from './media-store-fs';
import { isStoredName, mimetypeOfName, newStoredName, noSuchFile, type MediaStore } from './media-store';

/**
 * No such key (GetObject says NoSuchKey, HeadObject, bodiless, only NotFound). Any other error —
 * a missing bucket (NoSuchBucket), access denied, the network — is the store failing, not a file
 * missing: it propagates (a 500, a retried job), never a quiet 404.
 */
const missing = (err: unknown) => {
  const name = (err as { name?: string }).name;
  return name === 'NoSuchKey' || name === 'NotFound';
};

/**
 * Media in an S3-compatible bucket (AWS S3, MinIO, R2…; decision 0385): the key is
 * `<prefix><companyId>/<name>`, built only from a name `isStoredName` accepts, so the same rule
 * as the filesystem's keeps one company out of another's keys. Nothing is public: the bucket is
 * read by the server alone, which serves files on its authenticated routes (decision 0386).
 * Uploads still spool to `dataDir/media/.incoming` and stream from there to the bucket.
 */
export const createS3MediaStore = (config: S3MediaConfig, dataDir: string): MediaStore => {
  const client = new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    // Unset: the SDK's own chain (AWS_* variables, an instance or task role).
    ...(config.accessKeyId && config.secretAccessKey ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } } : {}),
    // Checksums only where S3 requires them: MinIO and other S3-compatible servers do not all take
    // the SDK's default streamed (aws-chunked) checksums.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = config.bucket;
  const keyOf = (companyId: number, name: string) => (isStoredName(companyId, name) ? `${config.prefix ?? ''}${companyId}/${name}` : undefined);
  const spoolPath = createSpool(dataDir);

  const get = async (companyId: number, name: string) => {
    const Key = keyOf(companyId, name);
    if (!Key) return undefined;
    try {
      const out = await client.send(new GetObjectCommand({ Bucket, Key }));
      return out.Body ? { stream: out.Body as Readable, size: out.ContentLength } : undefined;
    } catch (err) {
      if (missing(err)) return undefined;
      throw err;
    }
  };

  return {
    kind: 's3',
    async save(companyId, source, opts) {
      const name = await newStoredName(source, opts);
      const ContentType = mimetypeOfName(name) ?? 'application/octet-stream';
      const Key = keyOf(companyId, name)!;
      if (Buffer.isBuffer(source)) {
        await client.send(new PutObjectCommand({ Bucket, Key, Body: source, ContentType }));
      } else {
        // Streamed from the spool file (a 100 MiB document never sits in memory), then removed.
        const { size } = await stat(source.path);
        await client.send(new PutObjectCommand({ Bucket, Key, Body: createReadStream(source.path), ContentLength: size, ContentType }));
        await unlink(source.path).catch(() => undefined);
      }
      return name;
    },
    spoolPath,
    open: get,
    async read(companyId, name) {
      const file = await get(companyId, name);
      if (!file) throw noSuchFile(name);
      const chunks: Buffer[] = [];
      for await (const chunk of file.stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },
    async exists(companyId, name) {
      const Key = keyOf(companyId, name);
      if (!Key) return false;
      return client.send(new HeadObjectCommand({ Bucket, Key })).then(
        () => true,
        (err: unknown) => {
          if (missing(err)) return false;
          throw err;
        },
      );
    },
    async remove(companyId, name) {
      const Key = keyOf(companyId, name);
      if (Key) await client.send(new DeleteObjectCommand({ Bucket, Key }));
    },
    async withFile(companyId, name, use) {
      const file = await get(companyId, name);
      if (!file) return use(undefined);
      // A channel sends from a file (Baileys streams it, ffmpeg reads it): the object, spooled for the send.
      const path = await spoolPath();
      try {
        await pipeline(file.stream, createWriteStream(path));
        return await use(path);
      } finally {
        await unlink(path).catch(() => undefined);
      }
    },
  };
};
