import { createHash, type Hash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  GetObjectCommand,
  ListMultipartUploadsCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp } from '#tests/helpers/app';
import { type S3TestServer, startS3Server } from '#tests/helpers/s3-server';
import { ObjectTooLargeError } from './object-store';
import { bodyOf, describeObjectStoreContract, readAll } from './object-store.contract';
import { createS3Client, createS3Store, type S3StoreOptions } from './s3-store';

const MiB = 1024 * 1024;

let server: S3TestServer;
beforeAll(async () => {
  server = await startS3Server();
});
afterAll(async () => {
  await server?.close();
});

/** A fresh bucket on the shared server, so every test starts empty. */
async function freshBucket(): Promise<S3StoreOptions> {
  const config = { ...server.config, bucket: `ga-${randomBytes(6).toString('hex')}` };
  const client = createS3Client(config);
  await client.send(new CreateBucketCommand({ Bucket: config.bucket }));
  client.destroy();
  return config;
}

/** `size` bytes made on the fly in 64 KiB pieces, never held whole; fed into `hash` when given. */
function generatedBody(size: number, hash?: Hash): Readable {
  const piece = randomBytes(64 * 1024);
  return Readable.from(
    (async function* () {
      for (let offset = 0; offset < size; offset += piece.length) {
        const chunk = Buffer.from(piece.subarray(0, Math.min(piece.length, size - offset)));
        chunk.writeUInt32BE(offset / piece.length, 0);
        hash?.update(chunk);
        yield chunk;
      }
    })(),
  );
}

async function sha256Of(body: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of body) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

describeObjectStoreContract('S3 store', async () => {
  const config = await freshBucket();
  const client = createS3Client(config);
  return { store: createS3Store(config, { client }), cleanup: async () => client.destroy() };
});

describe('S3 store on S3', () => {
  let config: S3StoreOptions;
  let client: S3Client;
  let commands: string[];

  beforeEach(async () => {
    config = await freshBucket();
    client = createS3Client(config);
    commands = [];
    client.middlewareStack.add(
      (next, context) => (args) => {
        commands.push(String(context.commandName));
        return next(args);
      },
      { step: 'initialize', name: 'recordCommands' },
    );
  });
  afterEach(() => {
    client.destroy();
  });

  async function pendingUploads() {
    return (await client.send(new ListMultipartUploadsCommand({ Bucket: config.bucket }))).Uploads ?? [];
  }

  it('sends a body larger than one part as a multipart upload, streamed', async () => {
    const store = createS3Store(config, { client });
    const written = createHash('sha256');
    const put = await store.put({
      key: 'videos/big.mp4',
      body: generatedBody(12 * MiB, written),
      contentType: 'video/mp4',
      maxBytes: 12 * MiB,
    });
    expect(put.size).toBe(12 * MiB);
    expect(commands.filter((name) => name === 'UploadPartCommand')).toHaveLength(3);
    expect(commands).toContain('CompleteMultipartUploadCommand');
    expect(commands).not.toContain('PutObjectCommand');

    const got = await store.get({ key: 'videos/big.mp4' });
    expect(got).toMatchObject({ size: 12 * MiB, contentType: 'video/mp4', etag: put.etag });
    expect(await sha256Of(got?.body as Readable)).toBe(written.digest('hex'));
    const tail = await store.get({ key: 'videos/big.mp4', range: { suffixLength: 10 } });
    expect(tail?.range).toEqual({ start: 12 * MiB - 10, end: 12 * MiB - 1 });
    expect(await pendingUploads()).toEqual([]);
  });

  it('aborts a multipart upload over maxBytes: no object, no pending upload, body left to the caller', async () => {
    const store = createS3Store(config, { client });
    await store.put({ key: 'videos/big.mp4', body: bodyOf('previous'), contentType: 'video/mp4', maxBytes: 100 });
    const body = generatedBody(12 * MiB);
    const error = await store
      .put({ key: 'videos/big.mp4', body, contentType: 'video/mp4', maxBytes: 8 * MiB })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ObjectTooLargeError);
    // A part had gone up, so there was an upload to abort.
    expect(commands).toContain('UploadPartCommand');
    expect(commands).toContain('AbortMultipartUploadCommand');
    expect(commands).not.toContain('CompleteMultipartUploadCommand');
    expect(await pendingUploads()).toEqual([]);
    expect((await readAll((await store.get({ key: 'videos/big.mp4' }))?.body as Readable)).toString()).toBe('previous');
    expect(body.destroyed).toBe(false);
    body.destroy();
  });

  it('sees a pending multipart upload, so the check above can fail', async () => {
    const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket: config.bucket, Key: 'pending' }));
    expect(await pendingUploads()).toEqual([expect.objectContaining({ Key: 'pending', UploadId })]);
    await client.send(new AbortMultipartUploadCommand({ Bucket: config.bucket, Key: 'pending', UploadId }));
    expect(await pendingUploads()).toEqual([]);
  });

  it('signs its requests with the credentials from config', async () => {
    const stranger = createS3Store({ ...config, credentials: { accessKeyId: 'NOT-A-KEY', secretAccessKey: 'wrong' } });
    await expect(stranger.put({ key: 'a', body: bodyOf('x'), contentType: 'text/plain', maxBytes: 1 })).rejects.toMatchObject({
      name: 'InvalidAccessKeyId',
      $metadata: { httpStatusCode: 403 },
    });
    await expect(stranger.stat('a')).rejects.toMatchObject({ $metadata: { httpStatusCode: 403 } });

    const store = createS3Store(config);
    await store.put({ key: 'a', body: bodyOf('x'), contentType: 'text/plain', maxBytes: 1 });
    expect(await store.stat('a')).toMatchObject({ size: 1 });
  });

  it('keeps memory flat while storing a 100 MB streamed body', async () => {
    const store = createS3Store(config, { client });
    // Warm up code paths and buffers first, so the measurement is the upload's own growth.
    await store.put({ key: 'warm-up', body: generatedBody(11 * MiB), contentType: 'video/mp4', maxBytes: 11 * MiB });
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    try {
      const put = await store.put({
        key: 'huge.mp4',
        body: generatedBody(100 * MiB),
        contentType: 'video/mp4',
        maxBytes: 100 * MiB,
      });
      expect(put.size).toBe(100 * MiB);
    } finally {
      clearInterval(sampler);
    }
    peak = Math.max(peak, process.memoryUsage().rss);
    const growthMiB = (peak - before) / MiB;
    console.log(`S3 store: RSS grew ${growthMiB.toFixed(1)} MiB while storing 100 MiB (s3rver runs in this process too)`);
    expect(growthMiB).toBeLessThan(60);
  }, 120_000);
});

describe('buildApp with S3 settings', () => {
  it('stores and serves through the bucket, with nothing under the data directory', async () => {
    const config = await freshBucket();
    const t = await createTestApp({
      env: {
        S3_BUCKET: config.bucket,
        S3_ENDPOINT: config.endpoint as string,
        S3_ACCESS_KEY_ID: config.credentials?.accessKeyId as string,
        S3_SECRET_ACCESS_KEY: config.credentials?.secretAccessKey as string,
      },
    });
    const client = createS3Client(config);
    try {
      const put = await t.app.objectStore.put({
        key: 'images/thumb.png',
        body: bodyOf('png bytes'),
        contentType: 'image/png',
        maxBytes: 100,
      });
      expect(await t.app.objectStore.stat('images/thumb.png')).toMatchObject({
        size: 9,
        contentType: 'image/png',
        etag: put.etag,
      });
      const inBucket = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: 'images/thumb.png' }));
      expect(await inBucket.Body?.transformToString()).toBe('png bytes');
      expect(existsSync(path.join(t.config.dataDir, 'objects'))).toBe(false);
    } finally {
      client.destroy();
      await t.close();
    }
  });
});
