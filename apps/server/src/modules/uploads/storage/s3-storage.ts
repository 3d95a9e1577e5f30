import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { S3Client } from '@aws-sdk/client-s3';
import {
  AssemblyMismatchError,
  assertSafeKey,
  VerifyingStream,
  type AssembledContent,
  type AssemblyTarget,
  type ByteRange,
  type FileStorage,
  type StagedChunk,
} from './file-storage.ts';

export interface S3StorageOptions {
  /** Empty for AWS itself. */
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  /** Prefix of every key, e.g. `inkstone/`. */
  prefix: string;
}

/** Multipart part size for assembly: memory in flight is about PART_SIZE × QUEUE_SIZE. */
const PART_SIZE = 8 * 1024 * 1024;
const QUEUE_SIZE = 4;

/** The SDK, loaded on first use: a server on local storage never pays for it. */
async function loadSdk() {
  const [s3, storage] = await Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]);
  return { ...s3, Upload: storage.Upload };
}
type Sdk = Awaited<ReturnType<typeof loadSdk>>;

/**
 * S3-compatible object storage (AWS S3, Aliyun OSS, MinIO). Each chunk is an object of its own
 * under `staging/<upload>/`; assembly streams them in order through the MD5 check into a multipart
 * upload, which completes only if the check passes at the end of the stream. When the digests
 * were computed while the chunks arrived, the content goes to the key its SHA-256 names (or
 * nowhere, when stored already); otherwise it is hashed on its way to the target's provisional
 * key. Any number of server instances can share the bucket.
 */
export class S3Storage implements FileStorage {
  readonly driver = 's3' as const;
  private readonly bucket: string;
  private readonly prefix: string;
  private connection: Promise<{ sdk: Sdk; client: S3Client }> | null = null;

  constructor(private readonly options: S3StorageOptions) {
    if (!options.bucket) throw new Error('S3_BUCKET is required when STORAGE_DRIVER=s3');
    this.bucket = options.bucket;
    this.prefix = options.prefix;
  }

  private connect(): Promise<{ sdk: Sdk; client: S3Client }> {
    this.connection ??= loadSdk().then((sdk) => {
      const { options } = this;
      const client = new sdk.S3Client({
        region: options.region,
        forcePathStyle: options.forcePathStyle,
        ...(options.endpoint ? { endpoint: options.endpoint } : {}),
        ...(options.accessKeyId
          ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
          : {}),
        // Checksums only where S3 requires them: many S3-compatible stores reject the newer
        // trailing-checksum uploads. Integrity is ours anyway: the whole file's MD5 is verified.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      });
      return { sdk, client };
    });
    return this.connection;
  }

  private objectKey(key: string): string {
    assertSafeKey(key);
    return `${this.prefix}${key}`;
  }

  private stagingPrefix(staging: string): string {
    assertSafeKey(staging);
    return `${this.prefix}staging/${staging}/`;
  }

  async writeChunk(
    staging: string,
    chunk: { number: number; offset: number },
    data: Buffer,
  ): Promise<string> {
    const { sdk, client } = await this.connect();
    const ref = `${chunk.number}-${randomBytes(6).toString('hex')}`;
    await client.send(
      new sdk.PutObjectCommand({
        Bucket: this.bucket,
        Key: this.stagingPrefix(staging) + ref,
        Body: data,
        ContentLength: data.length,
      }),
    );
    return ref;
  }

  async readChunk(staging: string, chunk: StagedChunk): Promise<Buffer> {
    const { sdk, client } = await this.connect();
    const result = await client.send(
      new sdk.GetObjectCommand({ Bucket: this.bucket, Key: this.stagingPrefix(staging) + chunk.ref }),
    );
    return Buffer.from(await result.Body!.transformToByteArray());
  }

  async discardChunk(staging: string, ref: string): Promise<void> {
    const { sdk, client } = await this.connect();
    await client.send(
      new sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: this.stagingPrefix(staging) + ref }),
    );
  }

  async assemble(
    staging: string,
    chunks: readonly StagedChunk[],
    target: AssemblyTarget,
  ): Promise<AssembledContent> {
    const { sdk, client } = await this.connect();
    const key = target.known ? await target.placeFor(target.known.sha256) : target.provisionalKey;
    const prefix = this.stagingPrefix(staging);
    const bucket = this.bucket;
    // One chunk object at a time: memory holds the stream buffers and the parts in flight.
    const source = Readable.from(
      (async function* () {
        for (const chunk of chunks) {
          const result = await client.send(
            new sdk.GetObjectCommand({ Bucket: bucket, Key: prefix + chunk.ref }),
          );
          for await (const piece of result.Body as Readable) yield piece as Buffer;
        }
      })(),
      { objectMode: false, highWaterMark: 2 * 1024 * 1024 },
    );
    const verifier = new VerifyingStream(target);
    let mismatch: AssemblyMismatchError | null = null;
    verifier.on('error', (error) => {
      if (error instanceof AssemblyMismatchError) mismatch = error;
    });

    if (key === null) {
      await pipeline(source, verifier, new Writable({ write: (_chunk, _encoding, callback) => callback() }));
      return { sha256: verifier.digests!.sha256, key: null };
    }
    const body = new PassThrough({ highWaterMark: 2 * 1024 * 1024 });
    const upload = new sdk.Upload({
      client,
      params: { Bucket: bucket, Key: this.objectKey(key), Body: body },
      partSize: PART_SIZE,
      queueSize: QUEUE_SIZE,
      leavePartsOnError: false,
    });
    const feeding = pipeline(source, verifier, body).catch((error: unknown) => {
      // Ending the body with an error makes the upload abort instead of completing.
      body.destroy(error as Error);
      throw error;
    });
    const uploading = upload.done().catch((error: unknown) => {
      // The upload stopped reading: end the feed too, or it would wait on back-pressure forever.
      source.destroy(error as Error);
      throw error;
    });
    const [fed, uploaded] = await Promise.allSettled([feeding, uploading]);
    if (mismatch) throw mismatch;
    if (fed.status === 'rejected') throw fed.reason;
    if (uploaded.status === 'rejected') throw uploaded.reason;
    return { sha256: verifier.digests!.sha256, key };
  }

  async discardStaging(staging: string): Promise<void> {
    await this.deletePrefix(this.stagingPrefix(staging));
  }

  private async deletePrefix(prefix: string): Promise<void> {
    const { sdk, client } = await this.connect();
    let token: string | undefined;
    do {
      const page = await client.send(
        new sdk.ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }),
      );
      const keys = (page.Contents ?? []).map((item) => ({ Key: item.Key! }));
      if (keys.length) {
        await client.send(
          new sdk.DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: keys, Quiet: true } }),
        );
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async *listStaging(): AsyncIterable<{ staging: string; modifiedAt: number }> {
    const { sdk, client } = await this.connect();
    const root = `${this.prefix}staging/`;
    const newest = new Map<string, number>();
    let token: string | undefined;
    do {
      const page = await client.send(
        new sdk.ListObjectsV2Command({ Bucket: this.bucket, Prefix: root, ContinuationToken: token }),
      );
      for (const item of page.Contents ?? []) {
        const staging = item.Key!.slice(root.length).split('/')[0]!;
        const modifiedAt = item.LastModified?.getTime() ?? 0;
        newest.set(staging, Math.max(newest.get(staging) ?? 0, modifiedAt));
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    for (const [staging, modifiedAt] of newest) yield { staging, modifiedAt };
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    const { sdk, client } = await this.connect();
    await client.send(
      new sdk.PutObjectCommand({
        Bucket: this.bucket,
        Key: this.objectKey(key),
        Body: data,
        ContentLength: data.length,
        ContentType: contentType,
      }),
    );
  }

  async exists(key: string): Promise<boolean> {
    const { sdk, client } = await this.connect();
    try {
      await client.send(new sdk.HeadObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
      return true;
    } catch (error) {
      if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404)
        return false;
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    const { sdk, client } = await this.connect();
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    const { sdk, client } = await this.connect();
    const result = await client.send(
      new sdk.GetObjectCommand({
        Bucket: this.bucket,
        Key: this.objectKey(key),
        ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
      }),
    );
    return result.Body as Readable;
  }

  async withLocalFile<T>(key: string, use: (filePath: string) => Promise<T>): Promise<T> {
    const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'inkstone-s3-'));
    const filePath = path.join(dir, 'file');
    try {
      await pipeline(await this.read(key), fs.createWriteStream(filePath));
      return await use(filePath);
    } finally {
      await fsp.rm(dir, { recursive: true, force: true });
    }
  }

  async close(): Promise<void> {
    const connection = await this.connection;
    connection?.client.destroy();
  }
}
