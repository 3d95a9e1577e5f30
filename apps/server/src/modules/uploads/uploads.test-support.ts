import { createHash, randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { UPLOAD_CHUNK_SIZE, UploadType } from '@inkstone/contracts';
import { DEMO_ACCOUNTS } from '../../db/seed.ts';
import { TestClient, type Envelope, type TestServer } from '../../test/harness.ts';

/** Hex MD5, as the browser computes the identifier. */
export function md5(data: Buffer): string {
  return createHash('md5').update(data).digest('hex');
}

/** Hex SHA-256, as the server keys stored content. */
export function sha256(data: Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

/**
 * The 128-byte MD5 collision pair published in 2004: two different messages with the same MD5
 * (and size). Both are two whole MD5 blocks, so appending the same bytes to each keeps the
 * collision.
 */
export const MD5_COLLISION_PAIR: readonly [Buffer, Buffer] = [
  'd131dd02c5e6eec4693d9a0698aff95c2fcab58712467eab4004583eb8fb7f89' +
    '55ad340609f4b30283e488832571415a085125e8f7cdc99fd91dbdf280373c5b' +
    'd8823e3156348f5bae6dacd436c919c6dd53e2b487da03fd02396306d248cda0' +
    'e99f33420f577ee8ce54b67080a80d1ec69821bcb6a8839396f9652b6ff72a70',
  'd131dd02c5e6eec4693d9a0698aff95c2fcab50712467eab4004583eb8fb7f89' +
    '55ad340609f4b30283e4888325f1415a085125e8f7cdc99fd91dbd7280373c5b' +
    'd8823e3156348f5bae6dacd436c919c6dd53e23487da03fd02396306d248cda0' +
    'e99f33420f577ee8ce54b67080280d1ec69821bcb6a8839396f965ab6ff72a70',
].map((hex) => Buffer.from(hex, 'hex')) as [Buffer, Buffer];

/** Random content of `size` bytes. */
export function randomContent(size: number): Buffer {
  return randomBytes(size);
}

/** A multipart/form-data body with text fields and one file part named `file`. */
export function multipartBody(
  fields: Record<string, string | number>,
  file: Buffer | null,
  fileName = 'blob',
): { payload: Buffer; contentType: string } {
  const boundary = `----inkstone${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      file,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

export type ChunkFields = Record<string, string | number>;

/** The spec §3 chunk fields of chunk `number` of `content`. */
export function chunkFields(
  content: Buffer,
  fileName: string,
  number: number,
  uploadType: number = UploadType.Default,
): ChunkFields {
  const totalChunks = Math.max(1, Math.ceil(content.length / UPLOAD_CHUNK_SIZE));
  const start = (number - 1) * UPLOAD_CHUNK_SIZE;
  return {
    identifier: md5(content),
    filename: fileName,
    totalChunks,
    chunkSize: UPLOAD_CHUNK_SIZE,
    currentChunkSize: Math.max(0, Math.min(UPLOAD_CHUNK_SIZE, content.length - start)),
    chunkNumber: number,
    totalSize: content.length,
    uploaderFileType: uploadType,
  };
}

export function chunkData(content: Buffer, number: number): Buffer {
  return content.subarray((number - 1) * UPLOAD_CHUNK_SIZE, number * UPLOAD_CHUNK_SIZE);
}

/** A signed-in customer that speaks the upload protocol through real HTTP handling. */
export class TestUploader {
  /** Chunk POSTs made, for tests that count what a resumed upload sends. */
  posts = 0;

  constructor(
    readonly server: TestServer,
    readonly client: TestClient,
    private readonly credentials?: { account: string; password: string },
  ) {}

  static async signIn(
    server: TestServer,
    host: string,
    account: string,
    password: string,
  ): Promise<TestUploader> {
    const uploader = new TestUploader(server, new TestClient(server, host), { account, password });
    await uploader.signInAgain();
    return uploader;
  }

  /** Fresh app and access tokens (after a test moved the clock past their lifetime). */
  async signInAgain(): Promise<void> {
    if (!this.credentials) throw new Error('no credentials kept');
    await this.client.start();
    const login = await this.client.login(this.credentials.account, this.credentials.password);
    if (!login.success) throw new Error(login.message);
  }

  /** The demo merchant's demo customer. */
  static demo(server: TestServer): Promise<TestUploader> {
    return TestUploader.signIn(server, 'demo.localhost', DEMO_ACCOUNTS[0].account, DEMO_ACCOUNTS[0].password);
  }

  /** The second demo merchant's customer. */
  static maple(server: TestServer): Promise<TestUploader> {
    return TestUploader.signIn(
      server,
      'maple.localhost',
      DEMO_ACCOUNTS[1].account,
      DEMO_ACCOUNTS[1].password,
    );
  }

  /** A newly registered customer of the demo merchant. */
  static async newDemoCustomer(server: TestServer, mobileNo: string, ip: string): Promise<TestUploader> {
    const client = new TestClient(server, 'demo.localhost', ip);
    await client.start();
    const registered = await client.register(mobileNo);
    if (!registered.success) throw new Error(registered.message);
    const login = await client.login(mobileNo, 'Print2026');
    if (!login.success) throw new Error(login.message);
    return new TestUploader(server, client, { account: mobileNo, password: 'Print2026' });
  }

  async check(fields: ChunkFields): Promise<Envelope> {
    const response = await this.server.app.inject({
      method: 'GET',
      url: '/api/common/UploadChunkFile',
      query: Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, String(value)])),
      headers: this.client.headers(),
    });
    return response.json();
  }

  async postRaw(fields: ChunkFields, data: Buffer | null): Promise<LightMyRequestResponse> {
    this.posts += 1;
    const { payload, contentType } = multipartBody(fields, data);
    return this.server.app.inject({
      method: 'POST',
      url: '/api/common/UploadChunkFile',
      payload,
      headers: this.client.headers({ 'content-type': contentType }),
    });
  }

  async post(fields: ChunkFields, data: Buffer | null): Promise<Envelope> {
    return (await this.postRaw(fields, data)).json();
  }

  async postChunk(content: Buffer, fileName: string, number: number, uploadType?: number): Promise<Envelope> {
    return this.post(chunkFields(content, fileName, number, uploadType), chunkData(content, number));
  }

  /** The whole protocol as the web does it (spec §4): ask, then send the missing chunks one by one. */
  async upload(content: Buffer, fileName: string, uploadType?: number): Promise<Envelope> {
    const asked = await this.check(chunkFields(content, fileName, 1, uploadType));
    if (!asked.success || asked.data.SkipUpload) return asked;
    const total = Math.max(1, Math.ceil(content.length / UPLOAD_CHUNK_SIZE));
    const held = new Set<number>(asked.data.Uploaded);
    let last: Envelope = asked;
    for (let number = 1; number <= total; number++) {
      if (held.has(number)) continue;
      last = await this.postChunk(content, fileName, number, uploadType);
      if (!last.success) return last;
    }
    // Every chunk was already held (another tab sent them) but the file is not complete yet:
    // like the web client, ask again until the request assembling it has finished.
    for (let attempt = 0; attempt < 50 && last.success && !last.data.SkipUpload; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      last = await this.check(chunkFields(content, fileName, 1, uploadType));
    }
    return last;
  }

  async get(url: string, query: Record<string, string> = {}): Promise<Envelope> {
    return this.client.get(url, query);
  }

  async call(url: string, body: unknown): Promise<Envelope> {
    return this.client.post(url, body);
  }

  /** GET with this customer's headers, raw (downloads). */
  raw(url: string, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
    return this.server.app.inject({ method: 'GET', url, headers: this.client.headers(headers) });
  }

  /**
   * After the background analysis: file `id` as the library lists it, and the answer to its
   * Thumbnail link opened with the host alone (no tokens, as an image tag would).
   */
  async thumbnailOf(id: number) {
    await this.server.services.uploads.analysis.drain();
    const list = await this.get('/api/v1/get_service_files', { limit: '1000' });
    const file = list.data.List.find((item: { Id: number }) => item.Id === id);
    const response = await this.server.app.inject({
      method: 'GET',
      url: file.Thumbnail,
      headers: { host: this.client.host },
    });
    return { file, response };
  }
}
