import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
// @ts-expect-error s3rver ships no types
import S3rver from 's3rver';
import { createLocalFileStore, createS3FileStore, type FileStore } from '../../src/storage/index.js';

/** A file store to run a suite against, opened fresh and closed after it. */
export interface StoreBackend {
  name: string;
  open(): Promise<{ store: FileStore; close(): Promise<void> }>;
}

/**
 * The two stores the product runs on: a local folder, and S3 as s3rver serves it on loopback
 * (a real HTTP S3 implementation, not a mock). `prefix` is the S3 key prefix.
 */
export function storeBackends(prefix: string): StoreBackend[] {
  return [
    {
      name: 'local folder',
      async open() {
        const dir = await mkdtemp(path.join(os.tmpdir(), 'bolsa-store-'));
        return { store: createLocalFileStore(dir), close: () => rm(dir, { recursive: true, force: true }) };
      },
    },
    {
      name: 's3rver (S3-compatible) on loopback',
      async open() {
        const dir = await mkdtemp(path.join(os.tmpdir(), 'bolsa-s3-'));
        const server = new S3rver({
          port: 0,
          address: '127.0.0.1',
          silent: true,
          directory: dir,
          configureBuckets: [{ name: 'bolsa' }],
        });
        const address = (await server.run()) as AddressInfo;
        const store = createS3FileStore({
          endpoint: `http://127.0.0.1:${address.port}`,
          bucket: 'bolsa',
          accessKeyId: 'S3RVER',
          secretAccessKey: 'S3RVER',
          prefix,
        });
        return {
          store,
          async close() {
            await server.close();
            await rm(dir, { recursive: true, force: true });
          },
        };
      },
    },
  ];
}
