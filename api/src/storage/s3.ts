import type { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  CreateBucketCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { contentTypeFor, isSafeKey, type FileStore } from './store.js';

export interface S3Options {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region?: string;
  /** Optional key prefix inside the bucket (e.g. 'bolsa/'). */
  prefix?: string;
}

const notFound = (err: unknown): boolean =>
  err instanceof NoSuchKey ||
  (err instanceof S3ServiceException && (err.name === 'NotFound' || err.$metadata.httpStatusCode === 404));

/** Any S3-compatible store (MinIO in docker-compose, s3rver in tests, AWS S3): path-style addressing. */
export function createS3FileStore(o: S3Options): FileStore {
  const client = new S3Client({
    endpoint: o.endpoint,
    region: o.region ?? 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: o.accessKeyId, secretAccessKey: o.secretAccessKey },
  });
  const prefix = o.prefix ?? '';
  // S3 refuses keys over 1,024 bytes (an error, not a missing object).
  const fits = (key: string): boolean => isSafeKey(key) && Buffer.byteLength(prefix + key) <= 1024;
  const k = (key: string): string => {
    if (!fits(key)) throw new Error('Clave de archivo inválida');
    return prefix + key;
  };

  const copyObject = (from: string, to: string) =>
    client.send(
      new CopyObjectCommand({
        Bucket: o.bucket,
        Key: k(to),
        CopySource: `${o.bucket}/${encodeURIComponent(k(from)).replace(/%2F/g, '/')}`,
      }),
    );

  return {
    async ready() {
      try {
        await client.send(new HeadBucketCommand({ Bucket: o.bucket }));
      } catch (err) {
        if (!notFound(err)) throw err;
        // A fresh MinIO (docker-compose) has no bucket yet.
        await client.send(new CreateBucketCommand({ Bucket: o.bucket }));
      }
    },
    async put(key, data, contentType) {
      // lib-storage sends a stream in parts without knowing its length up front.
      await new Upload({
        client,
        params: { Bucket: o.bucket, Key: k(key), Body: data, ContentType: contentType ?? contentTypeFor(key) },
        queueSize: 1,
      }).done();
    },
    async open(key) {
      if (!fits(key)) return null;
      try {
        const r = await client.send(new GetObjectCommand({ Bucket: o.bucket, Key: k(key) }));
        return {
          body: r.Body as Readable,
          size: r.ContentLength ?? 0,
          contentType: r.ContentType ?? contentTypeFor(key),
        };
      } catch (err) {
        if (notFound(err)) return null;
        throw err;
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: o.bucket, Key: k(key) }));
    },
    async *list(folder) {
      let token: string | undefined;
      do {
        // The delimiter keeps sub-folders out, as a directory listing would.
        const page = await client.send(
          new ListObjectsV2Command({
            Bucket: o.bucket,
            Prefix: k(folder) + '/',
            Delimiter: '/',
            ContinuationToken: token,
          }),
        );
        for (const obj of page.Contents ?? []) {
          if (obj.Key && obj.LastModified) yield { key: obj.Key.slice(prefix.length), modifiedAt: obj.LastModified };
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    async *listAll() {
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: o.bucket, Prefix: prefix || undefined, ContinuationToken: token }),
        );
        for (const obj of page.Contents ?? []) {
          if (!obj.Key || !obj.LastModified) continue;
          const key = obj.Key.slice(prefix.length);
          // Anything else in the bucket under the prefix that could not be one of our keys is not ours.
          if (isSafeKey(key)) yield { key, size: obj.Size ?? 0, modifiedAt: obj.LastModified };
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    async sweep(folder, olderThanMs) {
      let removed = 0;
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: o.bucket, Prefix: k(folder) + '/', ContinuationToken: token }),
        );
        for (const obj of page.Contents ?? []) {
          if (obj.Key && obj.LastModified && Date.now() - obj.LastModified.getTime() > olderThanMs) {
            await client.send(new DeleteObjectCommand({ Bucket: o.bucket, Key: obj.Key }));
            removed++;
          }
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return removed;
    },
    async move(from, to) {
      await copyObject(from, to);
      await client.send(new DeleteObjectCommand({ Bucket: o.bucket, Key: k(from) }));
    },
    async copy(from, to) {
      try {
        await copyObject(from, to);
        return true;
      } catch (err) {
        if (notFound(err)) return false;
        throw err;
      }
    },
  };
}
