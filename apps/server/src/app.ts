import { randomBytes, randomUUID } from 'node:crypto';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifySchemaCompiler,
  type FastifyServerOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { API_CODES, ApiCode, REQUEST_ID_HEADER, fail, ok } from '@inkstone/contracts';
import type { Config } from './config.ts';
import type { ServerContext } from './context.ts';
import { checkDatabaseReady, createDatabase, migrateToLatest, type Db } from './db/database.ts';
import { isEmpty, seedDemo } from './db/seed.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { registerAuth } from './plugins/auth.ts';
import {
  handleFrameworkError,
  registerErrorHandling,
  sendApiNotFound,
  validateRequest,
} from './plugins/errors.ts';
import { composeServices, startServices, stopServices, type Services } from './composition.ts';
import { compilersFactory } from './plugins/compilers.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerRateLimits } from './plugins/rate-limit.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { isApiPath, registerTenancy } from './plugins/tenancy.ts';
import { createFirstPage } from './plugins/first-page.ts';
import { SITE_PAGE, pageFor, registerWeb } from './plugins/web.ts';
import { registerCaptchaRoutes, GeetestCaptcha, SliderCaptcha } from './modules/captcha/index.ts';
import { isAccountRegistered, registerCustomerRoutes } from './modules/customers/index.ts';
import {
  MerchantResolver,
  registerMerchantRoutes,
  removeSiteLogo,
  saveSiteSettings,
  setSiteLogo,
  siteSettings,
  webClientCredentials,
} from './modules/merchants/index.ts';
import { registerOauthRoutes, TokenVerifier } from './modules/oauth/index.ts';
import { OutboxSmsProvider, registerSmsRoutes, type SmsProvider } from './modules/sms/index.ts';
import { registerUploadRoutes } from './modules/uploads/index.ts';
import { registerProductRoutes } from './modules/products/index.ts';
import { registerAddressRoutes } from './modules/addresses/index.ts';
import { createExpressAdmin, registerExpressRoutes } from './modules/express/index.ts';
import { couponCatalogSource, createCouponAdmin, registerCouponRoutes } from './modules/coupons/index.ts';
import { registerBatchRoutes } from './modules/batch/index.ts';
import { registerCartRoutes } from './modules/cart/index.ts';
import { registerOrderRoutes } from './modules/orders/index.ts';
import { registerStaffAudit, registerStaffAuth, registerStaffRoutes } from './modules/staff/index.ts';
import { registerPaymentRoutes } from './modules/payments/index.ts';
import { registerBillRoutes } from './modules/bills/index.ts';
import { registerExcelRoutes } from './modules/excel/index.ts';
import { printMerchantOf, registerPrintRoutes } from './modules/print/index.ts';
import { registerWebsiteRoutes } from './modules/website/index.ts';

export interface BuildAppOptions {
  config: Config;
  /** An open database; by default the one the configuration names. */
  db?: Db;
  clock?: Clock;
  /** Replaces the SMS provider (the outbox by default). */
  sms?: SmsProvider;
  logger?: FastifyServerOptions['logger'];
}

const REQUEST_ID_PATTERN = /^[\w.-]{1,64}$/;

/** What every module is handed: configuration, database, clock, log and the providers. */
function createContext(
  config: Config,
  db: Db,
  clock: Clock,
  log: FastifyBaseLogger,
  sms: SmsProvider | undefined,
): ServerContext {
  const signingSecret = config.SIGNING_SECRET || randomBytes(32).toString('hex');
  const context: ServerContext = {
    config,
    db,
    clock,
    log,
    merchants: new MerchantResolver(db, clock, config.BASE_DOMAIN, config.DEFAULT_MERCHANT),
    captcha:
      config.CAPTCHA_PROVIDER === 'geetest'
        ? new GeetestCaptcha(db, clock, {
            captchaId: config.GEETEST_ID,
            privateKey: config.GEETEST_KEY,
            apiUrl: config.GEETEST_API_URL,
          })
        : new SliderCaptcha(db, clock, signingSecret),
    sms: sms ?? new OutboxSmsProvider(db, clock, log),
    tokens: new TokenVerifier(db, clock),
    logsInfo: ['info', 'debug', 'trace'].includes(log.level),
    signingSecret,
  };
  return context;
}

/**
 * Starts and stops the services with the server, checks staff tokens, and registers every call
 * of every module with the services it needs.
 */
function registerCalls(app: FastifyInstance, context: ServerContext, services: Services): void {
  app.addHook('onReady', async () => startServices(services));
  app.addHook('onClose', async () => stopServices(services));
  registerStaffAuth(app, services.staff);
  registerStaffAudit(app, { audit: services.audit, db: context.db, clock: context.clock });

  registerMerchantRoutes(app, context);
  registerOauthRoutes(app, context);
  registerCustomerRoutes(app, context);
  registerCaptchaRoutes(app, context);
  registerSmsRoutes(app, context, services.sms.sender, (merchantId, mobileNo) =>
    isAccountRegistered(context, merchantId, mobileNo),
  );
  registerUploadRoutes(app, services.uploads);
  registerProductRoutes(app, services.products);
  registerAddressRoutes(app, context);
  registerExpressRoutes(app, context);
  registerCouponRoutes(app, context, services.catalogs);
  registerCartRoutes(app, services.cart);
  registerBatchRoutes(app, services.batch);
  registerOrderRoutes(app, services);
  registerStaffRoutes(app, {
    staff: services.staff,
    audit: services.audit,
    operations: services.staffOrders,
    customers: services.staffCustomers,
    site: {
      read: (merchantId) => siteSettings(context.db, merchantId),
      save: (merchantId, input) => saveSiteSettings(context.db, context.merchants, merchantId, input),
      uploadLogo: (merchantId, upload) =>
        setSiteLogo(context.db, context.merchants, merchantId, upload, context.clock.now()),
      removeLogo: (merchantId) => removeSiteLogo(context.db, context.merchants, merchantId),
    },
    content: services.siteContent,
    sms: services.sms.settings,
    catalog: services.catalogAdmin,
    payments: services.paymentAdmin,
    coupons: createCouponAdmin(
      context,
      couponCatalogSource(() => services.catalogs),
    ),
    express: createExpressAdmin(context),
    print: {
      ordersPage: (merchant, body) => services.print.renderMerchantOrders(printMerchantOf(merchant), body),
    },
    exporter: {
      async ordersFile(merchant, body, log) {
        const file = await services.excel.exportMerchantOrders(
          { id: merchant.id, name: merchant.website_name || merchant.name },
          body,
          log,
        );
        return { fileName: file.fileName, body: file.body, headers: { 'x-export-rows': String(file.rows) } };
      },
    },
  });
  registerPaymentRoutes(app, context, services);
  registerBillRoutes(app, context);
  registerExcelRoutes(app, services.excel, services.excelImport);
  registerPrintRoutes(app, services.print);
  registerWebsiteRoutes(app, services.website, services.siteContent);
}

/**
 * A reply as its JSON text. Plain JSON.stringify: the reply is not checked against its schema
 * again, and a string lets Node write the headers and the body as one piece (measured against
 * writing UTF-8 bytes ourselves in docs/performance.md, Price).
 */
function serializeJson(data: unknown): string {
  return JSON.stringify(data);
}

/** A request's schema as its validator: zod, with the Chinese message of validateRequest. */
const validatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema }) => {
  return (data) => validateRequest(schema, data);
};

/** Every reply as plain JSON text (serializeJson): not checked against the response schema again. */
const serializerCompiler = () => serializeJson;

/** Every route's compilers: zod validation (validateRequest), replies by serializeJson. */
const COMPILERS = compilersFactory(validatorCompiler, serializerCompiler);

const ROUTER_OPTIONS = { caseSensitive: false, ignoreTrailingSlash: true, maxParamLength: 200 };

/**
 * Builds the whole server: migrations, demo seed, plugins, every call, the web app. Nothing
 * listens yet; main.ts does that, tests use `app.inject`.
 */
export async function buildApp(
  options: BuildAppOptions,
): Promise<{ app: FastifyInstance; context: ServerContext; services: Services }> {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? { level: config.LOG_LEVEL },
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    routerOptions: ROUTER_OPTIONS,
    requestIdHeader: false,
    genReqId: (request) => {
      const incoming = request.headers[REQUEST_ID_HEADER];
      return typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
    },
    return503OnClosing: true,
    frameworkErrors: handleFrameworkError,
    // Given as the compilers' factories, so that Fastify does not load its defaults (compilers.ts).
    schemaController: { compilersFactory: COMPILERS },
  }).withTypeProvider<ZodTypeProvider>();

  const db = options.db ?? createDatabase({ url: config.DATABASE_URL, file: config.DATABASE_FILE });
  const clock = options.clock ?? systemClock;
  await migrateToLatest(db);
  if (config.SEED_DEMO && (await isEmpty(db))) await seedDemo(db, clock.now());

  const context = createContext(config, db, clock, app.log, options.sms);

  // JSON and (for uploads) multipart only: a text/plain body is refused with 415, not parsed.
  app.removeContentTypeParser('text/plain');
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  app.addHook('onClose', async () => {
    if (!options.db) await db.destroy();
  });

  registerErrorHandling(app);
  await registerSecurityHeaders(app, config);
  await registerOpenApi(app, ROUTER_OPTIONS);
  registerTenancy(app, context);
  registerAuth(app, context);
  await registerRateLimits(app, context);

  app.get('/healthz', { schema: { hide: true } }, async () => ok({ Status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await checkDatabaseReady(db, clock.now());
      return ok({ Status: 'ready' });
    } catch {
      return reply.code(503).send(fail(ApiCode.Unavailable, API_CODES.Unavailable.message));
    }
  });

  const services = composeServices(context);
  registerCalls(app, context, services);

  const web = await registerWeb(app, config.WEB_DIST_DIR);
  const firstPage = web.hasWeb
    ? createFirstPage(app, config.WEB_DIST_DIR, {
        context,
        webClient: (merchantId) => webClientCredentials(context.db, merchantId),
      })
    : null;
  app.setNotFoundHandler(async (request, reply) => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(request.url);
    if (web.hasWeb && isPage) {
      const page = pageFor(request.url, web.hasConsole);
      reply.header('cache-control', 'no-cache');
      if (firstPage && request.method === 'GET' && page === SITE_PAGE) {
        const html = await firstPage(request);
        if (html !== null) return reply.type('text/html; charset=utf-8').send(html);
      }
      return reply.sendFile(page);
    }
    return sendApiNotFound(reply);
  });

  return { app, context, services };
}
