import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { type z } from 'zod';
import {
  SITE_LOGO_MAX_BYTES,
  STAFF_CALL_ROLES,
  STAFF_TOKEN_HEADER,
  type StaffRole,
  type SaveSiteSettingsBody,
  type StaffExportOrdersBody,
  type StaffPrintOrdersBody,
  type SiteSettings,
  type StaffCoupon,
} from '@inkstone/contracts';
import { AppError } from '../../lib/app-error.ts';
import type { Merchant } from '../../lib/merchant.ts';
import { staffCalls as calls, type CallContract } from '@inkstone/contracts';
import multipart from '@fastify/multipart';
import {
  defineCall,
  defineFileCall,
  defineMultipartCall,
  defineHtmlCall,
  requireMerchant,
  type FileReply,
  type HtmlReply,
} from '../../plugins/call.ts';
import type { CatalogAdmin } from '../products/index.ts';
import { auditSink, noteAudit, noteChanges, type AuditLog } from '../audit/index.ts';
import type { SmsSettingsAdmin } from '../sms/index.ts';
import type { PaymentAdmin } from '../payments/index.ts';
import type { CouponAdmin } from '../coupons/index.ts';
import type { ExpressAdmin } from '../express/index.ts';
import type { StaffCustomersService } from './staff-customers.service.ts';
import type { StaffOrdersService } from './staff-orders.service.ts';
import { registerSiteContentCalls, type SiteContentEditor } from './staff-content.routes.ts';
import { hasRole, type StaffMember, type StaffService } from './staff.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The staff member of a back-office call (header `stafftoken`). */
    staff: StaffMember | null;
  }
}

function requireStaff(request: FastifyRequest, roles: readonly StaffRole[] = []): StaffMember {
  const member = request.staff;
  if (!member) throw new AppError('StaffLoginRequired');
  if (roles.length > 0 && !hasRole(member, roles)) throw new AppError('StaffForbidden');
  return member;
}

/**
 * Checks the `stafftoken` of every call declared with auth 'staff', wherever it is registered,
 * before its body is looked at. Called once, by the composition root.
 */
export function registerStaffAuth(app: FastifyInstance, staff: StaffService): void {
  app.decorateRequest('staff', null);
  // Callback style: every other call passes on at once, without a promise.
  app.addHook('preValidation', (request, _reply, done) => {
    if (request.routeOptions.config.auth !== 'staff') return done();
    const merchant = requireMerchant(request);
    const header = request.headers[STAFF_TOKEN_HEADER];
    const token = (Array.isArray(header) ? header[0] : header)?.trim() ?? '';
    staff.authenticate(merchant.id, token).then(
      (member) => {
        request.staff = member;
        done();
      },
      (error: unknown) => done(error as Error),
    );
  });
}

/** The merchant's site settings (merchants module), as the back office reads and saves them. */
export interface SiteSettingsStore {
  read(merchantId: number): Promise<SiteSettings>;
  save(merchantId: number, input: SaveSiteSettingsBody): Promise<SiteSettings>;
  /** Makes the uploaded picture the merchant's logo (checked and converted; refused in Chinese). */
  uploadLogo(merchantId: number, upload: Buffer): Promise<SiteSettings>;
  removeLogo(merchantId: number): Promise<SiteSettings>;
}

/** Multipart errors of @fastify/multipart, by code, as Chinese messages about the logo. */
function logoMultipartProblem(error: unknown): AppError | null {
  switch ((error as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError('UploadTooLarge', 'Logo 图片不能超过 2 MB，请换一张较小的图片');
    case 'FST_FILES_LIMIT':
      return new AppError('ValidationFailed', '每次只能上传一张 Logo 图片');
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError('ValidationFailed', 'Logo 上传请求的字段过多');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError('UnsupportedMediaType', '请以 multipart/form-data 上传 Logo 图片（字段 file）');
    default:
      return null;
  }
}

/** The picture of a logo upload: the file part `file`, read whole (busboy stops at 2 MB). */
async function readLogoUpload(request: FastifyRequest): Promise<Buffer> {
  try {
    if (!request.isMultipart()) throw logoMultipartProblem({ code: 'FST_INVALID_MULTIPART_CONTENT_TYPE' });
    const part = await request.file();
    if (!part) throw new AppError('ValidationFailed', '请选择 Logo 图片（字段 file）');
    if (part.fieldname !== 'file') {
      throw new AppError(
        'ValidationFailed',
        `Logo 图片请放在字段 file 中，而不是 ${part.fieldname.slice(0, 40)}`,
      );
    }
    return await part.toBuffer();
  } catch (error) {
    throw logoMultipartProblem(error) ?? error;
  }
}

/** The 操作日志 note of a logo change: the picture's address before and after (the picture is not kept). */
function logoChange(merchantId: number, before: string | null, after: string | null) {
  return {
    target: { type: 'site', id: merchantId, label: '网站 Logo' },
    before: { LogoUrl: before },
    after: { LogoUrl: after },
  };
}

/** Printed pages of the merchant's orders (print module), for the console's 打印 buttons. */
export interface StaffPrinter {
  ordersPage(merchant: Merchant, body: StaffPrintOrdersBody): Promise<HtmlReply>;
}

/** The merchant's orders as a workbook (excel module), for the console's 导出Excel. */
export interface StaffExporter {
  ordersFile(merchant: Merchant, body: StaffExportOrdersBody, log: FastifyBaseLogger): Promise<FileReply>;
}

/**
 * Merchant operations (docs/orders.md): the staff sign-in, and the back-office calls under
 * /api/staff/, which need the `stafftoken` header (registerStaffAuth) and a role.
 */
export function registerStaffRoutes(
  app: FastifyInstance,
  {
    staff,
    operations,
    customers,
    site,
    content,
    sms,
    catalog,
    payments,
    print,
    exporter,
    coupons,
    express,
    audit,
  }: {
    staff: StaffService;
    /** The 操作日志, read by QueryAuditLog (written by registerStaffAudit's hook). */
    audit: AuditLog;
    operations: StaffOrdersService;
    /** The console's 客户 section. */
    customers: StaffCustomersService;
    site: SiteSettingsStore;
    /** The site's content: help centre and the rich-text editor's pictures (website module). */
    content: SiteContentEditor;
    sms: SmsSettingsAdmin;
    /** The console's 商品与价格 (products module). */
    catalog: Pick<CatalogAdmin, 'editor' | 'publish' | 'publishText' | 'download' | 'images' | 'saveImages'>;
    /** The merchant's own gateway accounts and refunds to the payer's account (payments module). */
    payments: PaymentAdmin;
    print: StaffPrinter;
    exporter: StaffExporter;
    /** The console's 营销 (coupons module). */
    coupons: CouponAdmin;
    /** The console's 物流 (express module). */
    express: ExpressAdmin;
  },
): void {
  defineCall(app, calls.Login, async ({ request, input }) => staff.login(requireMerchant(request), input));

  void app.register(async (scope) => {
    /** Registers a staff call: its `stafftoken` is checked first, then the member's roles. */
    const call = <In extends z.ZodType, Out extends z.ZodType>(
      contract: CallContract<In, Out>,
      roles: readonly StaffRole[],
      handle: (member: StaffMember, input: z.output<In>, request: FastifyRequest) => Promise<z.input<Out>>,
    ) =>
      defineCall(scope, contract, async ({ request, input }) =>
        handle(requireStaff(request, roles), input, request),
      );
    const roles = STAFF_CALL_ROLES;

    call(calls.Logout, roles.Logout, async (member) => {
      await staff.logout(member);
      return {};
    });
    call(calls.Info, roles.Info, async (member, _input, request) =>
      staff.info(member, requireMerchant(request).code),
    );
    call(calls.QueryOrders, roles.QueryOrders, async (member, input) => operations.query(member, input));
    call(calls.Dashboard, roles.Dashboard, async (member) => operations.dashboard(member));
    call(calls.OrderDetail, roles.OrderDetail, async (member, input) =>
      operations.detail(member, input.OrderId),
    );
    defineHtmlCall(scope, calls.PrintOrders, async ({ request, input }) => {
      requireStaff(request, roles.PrintOrders);
      return print.ordersPage(requireMerchant(request), input);
    });
    defineFileCall(scope, calls.ExportOrders, async ({ request, input }) => {
      requireStaff(request, roles.ExportOrders);
      return exporter.ordersFile(requireMerchant(request), input, request.log);
    });
    // The order steps and the money calls tell the 操作日志 what they changed (auditSink).
    call(calls.ApproveArtwork, roles.ApproveArtwork, async (member, input, request) =>
      operations.approve(member, input, auditSink(request)),
    );
    call(calls.RejectArtwork, roles.RejectArtwork, async (member, input, request) =>
      operations.reject(member, input, auditSink(request)),
    );
    call(calls.StartProduction, roles.StartProduction, async (member, input, request) =>
      operations.startProduction(member, input, auditSink(request)),
    );
    call(calls.ShipOrder, roles.ShipOrder, async (member, input, request) =>
      operations.ship(member, input, auditSink(request)),
    );
    call(calls.CompleteOrder, roles.CompleteOrder, async (member, input, request) =>
      operations.complete(member, input, auditSink(request)),
    );
    call(calls.BatchApproveArtwork, roles.BatchApproveArtwork, async (member, input, request) =>
      operations.batch(member, 'approve', input.OrderIds, auditSink(request)),
    );
    call(calls.BatchStartProduction, roles.BatchStartProduction, async (member, input, request) =>
      operations.batch(member, 'start_production', input.OrderIds, auditSink(request)),
    );
    call(calls.BatchCompleteOrders, roles.BatchCompleteOrders, async (member, input, request) =>
      operations.batch(member, 'complete', input.OrderIds, auditSink(request)),
    );
    call(calls.BatchShipForm, roles.BatchShipForm, async (member, input) =>
      operations.batchShipForm(member, input.OrderIds),
    );
    call(calls.BatchShipOrders, roles.BatchShipOrders, async (member, input, request) =>
      operations.batchShip(member, input, auditSink(request)),
    );
    call(calls.CancelOrder, roles.CancelOrder, async (member, input, request) =>
      operations.cancel(member, input, auditSink(request)),
    );
    call(calls.AdjustBalance, roles.AdjustBalance, async (member, input, request) =>
      operations.adjustBalance(member, input, auditSink(request)),
    );
    call(calls.QueryCustomers, roles.QueryCustomers, async (member, input) => customers.query(member, input));
    call(calls.CustomerDetail, roles.CustomerDetail, async (member, input) =>
      customers.detail(member, input),
    );
    call(calls.SetCustomerEnabled, roles.SetCustomerEnabled, async (member, input, request) =>
      customers.setEnabled(member, input, auditSink(request)),
    );
    call(calls.QueryStaff, roles.QueryStaff, async (_member, _input, request) => ({
      List: await staff.list(requireMerchant(request)),
    }));
    call(calls.SaveStaff, roles.SaveStaff, async (member, input, request) =>
      staff.save(requireMerchant(request), member, input, auditSink(request)),
    );
    call(calls.QueryAuditLog, roles.QueryAuditLog, async (member, input) =>
      audit.query(member.merchantId, input),
    );
    call(calls.SiteSettings, roles.SiteSettings, async (_member, _input, request) =>
      site.read(requireMerchant(request).id),
    );
    call(calls.SaveSiteSettings, roles.SaveSiteSettings, async (_member, input, request) => {
      const merchantId = requireMerchant(request).id;
      // Read before the save: a save that succeeds was made at this very revision, so these are
      // the values it replaced.
      const before = await site.read(merchantId);
      const after = await site.save(merchantId, input);
      const { LogoUrl: _logo, ...was } = before;
      const { LogoUrl: _logoAfter, ...now } = after;
      await noteChanges(request, { type: 'site', id: merchantId, label: '网站设置' }, was, now);
      return after;
    });
    // The logo (docs/site-settings.md): multipart parsing is registered for its upload only, and
    // the role is checked before the body is read.
    void scope.register(async (upload) => {
      await upload.register(multipart, {
        throwFileSizeLimit: true,
        limits: { fileSize: SITE_LOGO_MAX_BYTES, files: 1, fields: 10, parts: 11, fieldSize: 1024 },
      });
      defineMultipartCall(upload, calls.UploadSiteLogo, async (request) => {
        requireStaff(request, roles.UploadSiteLogo);
        const merchantId = requireMerchant(request).id;
        const before = (await site.read(merchantId)).LogoUrl;
        const after = await site.uploadLogo(merchantId, await readLogoUpload(request));
        await noteAudit(request, logoChange(merchantId, before, after.LogoUrl));
        return after;
      });
    });
    call(calls.RemoveSiteLogo, roles.RemoveSiteLogo, async (_member, _input, request) => {
      const merchantId = requireMerchant(request).id;
      const before = (await site.read(merchantId)).LogoUrl;
      const after = await site.removeLogo(merchantId);
      await noteAudit(request, logoChange(merchantId, before, after.LogoUrl));
      return after;
    });
    registerSiteContentCalls(scope, call, requireStaff, content);
    const adminMerchant = (request: FastifyRequest) => {
      const merchant = requireMerchant(request);
      return { id: merchant.id, code: merchant.code, origin: `${request.protocol}://${request.host}` };
    };
    call(calls.PaymentGatewaySettings, roles.PaymentGatewaySettings, async (_member, _input, request) =>
      payments.settings(adminMerchant(request)),
    );
    call(calls.SavePaymentGatewaySettings, roles.SavePaymentGatewaySettings, async (member, input, request) =>
      payments.save(adminMerchant(request), member.name, input),
    );
    call(calls.StartTestPayment, roles.StartTestPayment, async (member, input, request) =>
      payments.startTestPayment(adminMerchant(request), member.name || member.account, input.Provider),
    );
    call(calls.TestPaymentStatus, roles.TestPaymentStatus, async (_member, input, request) =>
      payments.testPaymentStatus(adminMerchant(request), input.TestNo),
    );
    call(calls.RetryTestPaymentRefund, roles.RetryTestPaymentRefund, async (_member, input, request) => {
      const merchant = adminMerchant(request);
      const after = await payments.retryTestPaymentRefund(merchant, input.TestNo);
      await noteAudit(request, {
        target: { type: 'test_payment', id: after.TestNo, label: `测试支付 ${after.TestNo}` },
        before: { RefundStatus: 'failed' },
        after: { RefundStatus: after.RefundStatus, RefundNo: after.RefundNo },
      });
      return after;
    });
    call(calls.RefundToOriginal, roles.RefundToOriginal, async (member, input, request) =>
      payments.refundToOriginal(adminMerchant(request), member.name, input),
    );
    // The merchant's SMS gateway (docs/sms.md): its account is the administrator's alone.
    call(calls.SmsSettings, roles.SmsSettings, async (member) => sms.read(member.merchantId));
    call(calls.SaveSmsSettings, roles.SaveSmsSettings, async (member, input) =>
      sms.save(member.merchantId, input, member.name || member.account),
    );
    call(calls.SendTestSms, roles.SendTestSms, async (member, input) =>
      sms.sendTest(member.merchantId, input),
    );
    // The catalogue (docs/catalog.md, "Publishing from the console"): always the member's own merchant.
    const catalogOwner = (request: FastifyRequest) => {
      const merchant = requireMerchant(request);
      return { id: merchant.id, code: merchant.code };
    };
    const publisherName = (member: StaffMember) => member.name || member.account;
    call(calls.CatalogEditor, roles.CatalogEditor, async (member) => catalog.editor(member.merchantId));
    // The 操作日志 keeps the versions, not the files: each version is kept whole by the catalogue.
    const noteCatalogVersion = (request: FastifyRequest, baseVersion: number, version: number) =>
      noteAudit(request, {
        target: { type: 'catalog', id: requireMerchant(request).id, label: '商品目录' },
        before: { Version: baseVersion },
        after: { Version: version },
      });
    call(calls.PublishCatalog, roles.PublishCatalog, async (member, input, request) => {
      const result = await catalog.publish(
        catalogOwner(request),
        publisherName(member),
        input.BaseVersion,
        input.Catalog,
      );
      await noteCatalogVersion(request, input.BaseVersion, result.Version);
      return result;
    });
    call(calls.ImportCatalog, roles.ImportCatalog, async (member, input, request) => {
      const result = await catalog.publishText(
        catalogOwner(request),
        publisherName(member),
        input.BaseVersion,
        input.Content,
      );
      await noteCatalogVersion(request, input.BaseVersion, result.Version);
      return result;
    });
    defineFileCall(scope, calls.ExportCatalog, async ({ request, input }) => {
      requireStaff(request, roles.ExportCatalog);
      return catalog.download(catalogOwner(request), input.Version);
    });
    // Product pictures: live product attributes, saved at once (docs/catalog.md, "Pictures and 起价").
    call(calls.ProductImages, roles.ProductImages, async (member, input) =>
      catalog.images(member.merchantId, input.ProductId),
    );
    call(calls.SaveProductImages, roles.SaveProductImages, async (member, input, request) => {
      const before = await catalog.images(member.merchantId, input.ProductId);
      const after = await catalog.saveImages(member.merchantId, input);
      const urls = (set: typeof before) => set.Images.map((image) => image.Url);
      await noteAudit(request, {
        target: { type: 'product', id: input.ProductId, label: `商品 ${input.ProductId} 的图片` },
        before: { Images: urls(before) },
        after: { Images: urls(after) },
      });
      return after;
    });
    // 营销 and 物流 (docs/addresses-express-coupons.md): each member's own merchant only.
    call(calls.QueryCoupons, roles.QueryCoupons, async (member) => coupons.list(member.merchantId));
    // A save that succeeds was made at the revision read, so the coupon read before it is what it replaced.
    const couponBefore = async (merchantId: number, id: number | null | undefined) =>
      id === null || id === undefined
        ? undefined
        : (await coupons.list(merchantId)).List.find((coupon) => coupon.Id === id);
    const noteCoupon = (request: FastifyRequest, before: StaffCoupon | undefined, after: StaffCoupon) =>
      noteChanges(request, { type: 'coupon', id: after.Id, label: after.Name }, before, after);
    call(calls.SaveCoupon, roles.SaveCoupon, async (member, input, request) => {
      const before = await couponBefore(member.merchantId, input.Id);
      const after = await coupons.save(member.merchantId, input);
      await noteCoupon(request, before, after);
      return after;
    });
    call(calls.SetCouponActive, roles.SetCouponActive, async (member, input, request) => {
      const before = await couponBefore(member.merchantId, input.Id);
      const after = await coupons.setActive(member.merchantId, input);
      await noteCoupon(request, before, after);
      return after;
    });
    call(calls.QueryExpressCompanies, roles.QueryExpressCompanies, async (member) =>
      express.list(member.merchantId),
    );
    call(calls.SaveExpressCompany, roles.SaveExpressCompany, async (member, input, request) => {
      const id = input.Id;
      const before =
        id === null || id === undefined
          ? undefined
          : (await express.list(member.merchantId)).List.find((company) => company.Id === id);
      const after = await express.save(member.merchantId, input);
      await noteChanges(request, { type: 'express', id: after.Id, label: after.Name }, before, after);
      return after;
    });
  });
}
