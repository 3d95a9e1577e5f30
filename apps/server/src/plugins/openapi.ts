import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { RequestHeader, STAFF_TOKEN_HEADER } from '@inkstone/contracts';

/** The OpenAPI description, generated from the zod contracts, browsable at /api/docs. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Inkstone 印刷下单接口',
        description:
          '所有 POST 请求体为 {"bizcontent": {...}}；所有回复为 {success, data, message, apiCode}。' +
          '请求头 appid、authtoken、accesstoken、domainname。返回码表见 docs/api-codes.md。',
        version: '1.0.0',
      },
      components: {
        securitySchemes: {
          authtoken: { type: 'apiKey', in: 'header', name: RequestHeader.AuthToken },
          accesstoken: { type: 'apiKey', in: 'header', name: RequestHeader.AccessToken },
          stafftoken: { type: 'apiKey', in: 'header', name: STAFF_TOKEN_HEADER },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
