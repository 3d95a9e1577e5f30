/**
 * Spec conformance of the calls (spec §7), generated from the table in
 * packages/contracts/src/spec/spec-table.ts (docs/spec-coverage.md shows it). For each call the
 * table marks implemented: the server serves it at the path as the spec writes it, in the
 * envelope, refuses a caller without the tokens its auth level needs with the spec §8 codes, and
 * answers a request in the spec's field names as the table says. A call not implemented yet
 * answers 接口不存在. Every call of the registry is a row of the table or a call beyond spec §7.
 */
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API_CODES, ApiCode, calls, type CallContract } from '@inkstone/contracts';
import {
  ADDITIONAL_CALLS,
  SPEC_CALLS,
  callKey,
  type SampleContext,
  type SampleInput,
  type SpecCall,
} from '../../../packages/contracts/src/spec/spec-table.ts';
import { signInNewCustomers, FIXTURE_PASSWORD } from './test/customer-sessions.ts';
import {
  expectEnvelope,
  startTestServer,
  type Envelope,
  type TestServer,
  type TestClient,
} from './test/harness.ts';
import { multipartBody } from './modules/uploads/uploads.test-support.ts';

const HOST = 'demo.localhost';

/** Every registry entry by its name, `module.Call`. */
const REGISTRY = new Map<string, CallContract>(
  Object.entries(calls).flatMap(([module, group]) =>
    Object.entries(group as Record<string, CallContract>).map(
      ([name, contract]) => [`${module}.${name}`, contract] as const,
    ),
  ),
);

/** The registry entry with the row's method and path (paths match case-insensitively), if any. */
function entryOf(row: SpecCall): [string, CallContract] | undefined {
  return [...REGISTRY].find(([, contract]) => callKey(contract) === callKey(row));
}

const implemented = SPEC_CALLS.filter((row) => row.state.kind === 'implemented');
const notImplemented = SPEC_CALLS.filter((row) => row.state.kind === 'not-implemented');

type JsonSchema = {
  properties?: Record<string, JsonSchema>;
  allOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
};

/** The properties a JSON schema names, through allOf/anyOf/oneOf. */
function propertiesOf(schema: JsonSchema | undefined): Record<string, JsonSchema> {
  if (!schema) return {};
  const nested = [...(schema.allOf ?? []), ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])];
  return Object.assign({}, ...nested.map(propertiesOf), schema.properties ?? {}) as Record<
    string,
    JsonSchema
  >;
}

/** Whether the call's input schema names the (dotted) field, as a caller sends it. */
function schemaNames(contract: CallContract, dotted: string): boolean {
  let node: JsonSchema | undefined = z.toJSONSchema(contract.input, {
    io: 'input',
    unrepresentable: 'any',
  }) as JsonSchema;
  for (const key of dotted.split('.')) {
    node = propertiesOf(node)[key];
    if (!node) return false;
  }
  return true;
}

type Credentials = 'none' | 'app' | 'customer';

let server: TestServer;
let customer: TestClient;
let context: SampleContext;

/** A request for `row` at the path exactly as the spec writes it, with the given tokens. */
function send(row: SpecCall, input: SampleInput, credentials: Credentials): Promise<LightMyRequestResponse> {
  const contract = entryOf(row)?.[1];
  const headers: Record<string, string> = { host: HOST };
  if (credentials !== 'none') headers.authtoken = customer.authtoken;
  if (credentials === 'customer') headers.accesstoken = customer.accesstoken;
  const options: InjectOptions = {
    method: row.method,
    url: row.path,
    headers,
    remoteAddress: '203.0.113.77',
  };
  if (row.method === 'GET') {
    options.query = Object.fromEntries(Object.entries(input).map(([key, value]) => [key, String(value)]));
  } else if (row.multipart) {
    const file = row.sample?.file;
    const fields = Object.fromEntries(
      Object.entries(input).map(([key, value]) => [key, String(value as string | number)]),
    );
    const body = multipartBody(fields, file ? Buffer.from(file.content) : null, file?.name);
    options.payload = body.payload;
    headers['content-type'] = body.contentType;
  } else {
    options.payload = contract?.rawBody ? input : { bizcontent: input };
  }
  return server.app.inject(options);
}

function sampleInput(row: SpecCall): SampleInput {
  const input = row.sample?.input ?? {};
  return typeof input === 'function' ? input(context) : input;
}

beforeAll(async () => {
  server = await startTestServer();
  customer = (await signInNewCustomers(server, HOST, '1370017', 1))[0]!;
  const company = await customer.post('/api/common/CheckDomainName', { domainName: HOST });
  const menu = await customer.post<{ Articles: { Id: number }[] }[]>('/api/website/QueryHelperMenu', {});
  const catalogue = await customer.post<{ List: { Products: { Id: number }[] }[] }>(
    '/api/product/QueryCommonProduct',
    {},
  );
  const helpArticleId = menu.data.flatMap((category) => category.Articles)[0]?.Id;
  const productId = catalogue.data.List.flatMap((category) => category.Products)[0]?.Id;
  if (!company.success || helpArticleId === undefined || productId === undefined) {
    throw new Error('the demo merchant has no web client, help article or product');
  }
  context = {
    appId: company.data.AppId,
    appSecret: company.data.AppSecret,
    account: '13700170000',
    password: FIXTURE_PASSWORD,
    helpArticleId,
    productId,
  };
});

afterAll(async () => {
  await server?.close();
});

describe('spec §7 calls (packages/contracts/src/spec/spec-table.ts)', () => {
  it('lists every call of the registry: a row of spec §7, or a call beyond it', () => {
    const specKeys = new Set(SPEC_CALLS.map(callKey));
    for (const [name, contract] of REGISTRY) {
      const row = SPEC_CALLS.find((candidate) => callKey(candidate) === callKey(contract));
      if (row) {
        expect(row.state.kind, `${name} is built: mark its row of spec-table.ts implemented`).toBe(
          'implemented',
        );
        expect(ADDITIONAL_CALLS[name], `${name} is a spec call: not one beyond it`).toBeUndefined();
      } else {
        expect(
          ADDITIONAL_CALLS[name],
          `${name} (${contract.method} ${contract.path}) is in neither list of spec-table.ts`,
        ).toBeDefined();
      }
    }
    for (const name of Object.keys(ADDITIONAL_CALLS)) {
      expect(REGISTRY.has(name), `${name} is listed beyond spec §7 but not in the registry`).toBe(true);
      expect(specKeys.has(callKey(REGISTRY.get(name)!)), name).toBe(false);
    }
  });

  it.each(implemented)(
    '$method $path: served as the spec writes it, in the envelope, guarded, in the spec’s field names',
    async (row) => {
      const entry = entryOf(row);
      expect(entry, `${callKey(row)} is not in the registry`).toBeDefined();
      const [name, contract] = entry!;
      // The registry keeps the spec's spelling, and the row the registry's auth level and shape.
      expect(contract.path, name).toBe(row.path);
      expect(contract.auth, name).toBe(row.auth);
      expect(Boolean(contract.multipart), name).toBe(Boolean(row.multipart));
      expect(Boolean(contract.fileReply), name).toBe(row.reply === 'file');
      expect(Boolean(contract.htmlReply), name).toBe(row.reply === 'html');
      for (const field of row.fields) {
        expect(schemaNames(contract, field), `${name} does not name the spec's field ${field}`).toBe(true);
      }

      const input = sampleInput(row);
      // Without tokens: refused as spec §8 says, unless the call needs none.
      const bare = expectEnvelope(await send(row, input, 'none'));
      expect(bare.apiCode, name).not.toBe(ApiCode.NotFound);
      if (row.auth === 'public') {
        expect([ApiCode.AppTokenInvalid, ApiCode.LoginRequired], name).not.toContain(bare.apiCode);
      } else {
        expect(bare.apiCode, name).toBe(ApiCode.AppTokenInvalid);
      }
      // With the app token alone: a call for signed-in customers still refuses.
      if (row.auth === 'customer') {
        expect(expectEnvelope(await send(row, input, 'app')).apiCode, name).toBe(ApiCode.LoginRequired);
      }

      // The sample, in the spec's field names, is answered as the table says.
      const response = await send(row, input, 'customer');
      const expected = ApiCode[row.sample!.answers];
      if (row.reply === 'file' && expected === ApiCode.Ok) {
        expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
        expect(response.headers['content-type'], name).toContain(contract.fileReply!.mediaType);
        return;
      }
      const reply: Envelope = expectEnvelope(response);
      expect(reply.apiCode, `${name} answered its sample: ${reply.message}`).toBe(expected);
      expect([ApiCode.ValidationFailed, ApiCode.NotFound, ApiCode.MalformedBody], name).not.toContain(
        reply.apiCode,
      );
    },
  );

  it.each(notImplemented)('$method $path: not built yet, so it answers 接口不存在', async (row) => {
    expect(entryOf(row), `${callKey(row)} is in the registry: mark its row implemented`).toBeUndefined();
    for (const credentials of ['none', 'customer'] as const) {
      const response = await send(row, {}, credentials);
      expect(response.statusCode).toBe(API_CODES.NotFound.httpStatus);
      expect(expectEnvelope(response)).toMatchObject({ apiCode: ApiCode.NotFound, message: '接口不存在' });
    }
  });
});
