import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type RouteOptions,
} from 'fastify';
import { RequestHeader, STAFF_TOKEN_HEADER } from '@inkstone/contracts';
import { compilersFactory } from './compilers.ts';

const DOCS_PREFIX = '/api/docs';

/** Reply headers of the documentation instance that the serving connection sets itself. */
const HOP_HEADERS = new Set(['content-length', 'connection', 'keep-alive', 'transfer-encoding', 'date']);

/** The server's router options, so the documentation instance accepts the same routes. */
export interface OpenApiRouterOptions {
  caseSensitive: boolean;
  ignoreTrailingSlash: boolean;
  maxParamLength: number;
}

/**
 * The OpenAPI description, generated from the zod contracts, browsable at /api/docs (JSON at
 * /api/docs/json). @fastify/swagger and swagger-ui, with the schema converter, are loaded only
 * when the description is first asked for (docs/performance.md "Server memory"): the routes
 * registered after this plugin are collected as they are added, and the first request under
 * /api/docs builds a second Fastify instance holding only their descriptions (no handlers run
 * there), whose replies are passed on. A server nobody asks for its description never loads them.
 */
export async function registerOpenApi(
  app: FastifyInstance,
  routerOptions: OpenApiRouterOptions,
): Promise<void> {
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(DOCS_PREFIX)) routes.push(route);
  });
  let docs: Promise<FastifyInstance> | null = null;
  const serve = async (request: FastifyRequest, reply: FastifyReply) => {
    docs ??= buildDocsInstance(routes, routerOptions).catch((error: unknown) => {
      docs = null;
      throw error;
    });
    const instance = await docs;
    const answer = await instance.inject({
      method: request.method as 'GET' | 'HEAD',
      url: request.url,
      headers: Object.fromEntries(
        Object.entries(request.headers).filter(([name]) => name !== 'content-length'),
      ) as Record<string, string>,
    });
    reply.code(answer.statusCode);
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined && !HOP_HEADERS.has(name)) reply.header(name, value);
    }
    return answer.rawPayload.length > 0 ? reply.send(answer.rawPayload) : reply.send();
  };
  for (const url of [DOCS_PREFIX, `${DOCS_PREFIX}/*`]) {
    app.route({ method: ['GET', 'HEAD'], url, schema: { hide: true }, handler: serve });
  }
}

/** The documentation instance's compilers: it validates nothing and serialises as JSON. */
const DESCRIBE_ONLY = compilersFactory(
  () => () => true,
  () => (data) => JSON.stringify(data),
);

/** A Fastify instance with swagger and swagger-ui over the collected routes' descriptions. */
async function buildDocsInstance(
  routes: readonly RouteOptions[],
  routerOptions: OpenApiRouterOptions,
): Promise<FastifyInstance> {
  const [{ default: swagger }, { default: swaggerUi }, { jsonSchemaTransform }] = await Promise.all([
    import('@fastify/swagger'),
    import('@fastify/swagger-ui'),
    import('fastify-type-provider-zod'),
  ]);
  // The routes are only described here: their schemas are never compiled into validators, and
  // Fastify's default compilers are not loaded for them either.
  const docs = Fastify({
    logger: false,
    routerOptions,
    schemaController: { compilersFactory: DESCRIBE_ONLY },
  });
  await docs.register(swagger, {
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
  await docs.register(swaggerUi, { routePrefix: DOCS_PREFIX });
  for (const route of routes) {
    // A GET route's HEAD twin is made again by this instance (and left out of the description).
    if (route.method === 'HEAD') continue;
    docs.route({
      method: route.method,
      url: route.url,
      schema: route.schema,
      config: route.config,
      ...(route.constraints ? { constraints: route.constraints } : {}),
      ...(route.exposeHeadRoute !== undefined ? { exposeHeadRoute: route.exposeHeadRoute } : {}),
      handler: async () => null,
    });
  }
  await docs.ready();
  return docs;
}
