import type { FastifyInstance } from 'fastify';
import { API_CODES, ApiCode, fail, type CompanyInfo, type WebConfig } from '@inkstone/contracts';
import type { ServerContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { merchantsCalls as calls } from '@inkstone/contracts';
import { defineCall, requireMerchant } from '../../plugins/call.ts';
import { findWebClient } from './merchants.repository.ts';
import { readSiteLogo } from './merchants.service.ts';
import { siteLogoUrl } from './site-logo-image.ts';
import type { Merchant } from './merchants.repository.ts';

function toWebConfig(merchant: Merchant): WebConfig {
  return {
    WebSiteName: merchant.website_name,
    CompanyName: merchant.name,
    CompanyCode: merchant.code,
    ThemePreference: merchant.theme_preference,
    InterfaceVersion: merchant.interface_version,
    ServicePhone: merchant.service_phone,
    ServiceQQ: merchant.service_qq,
    Address: merchant.address,
    BusinessHours: merchant.business_hours,
    IcpNumber: merchant.icp_number,
    Notice: merchant.notice,
    LogoUrl: siteLogoUrl(merchant.logo_sha256),
  };
}

const LOGO_FILE = /^([0-9a-f]{64})\.webp$/;

/** CheckDomainName (spec §3, §4) and GetWebConfig. */
export function registerMerchantRoutes(app: FastifyInstance, context: ServerContext): void {
  defineCall(app, calls.CheckDomainName, async ({ input }): Promise<CompanyInfo> => {
    const { merchant } = await context.merchants.resolve(input.domainName, undefined);
    if (!merchant) throw new AppError('MerchantUnknown');
    const client = await findWebClient(context.db, merchant.id);
    if (!client?.published_secret) throw new AppError('MerchantUnknown', '商户未配置网页客户端');
    return {
      Domain: input.domainName.toLowerCase().replace(/:\d+$/, ''),
      DomainName: merchant.code,
      CompanyName: merchant.name,
      ReaderPreviewDomain: merchant.reader_preview_domain,
      ThemePreference: merchant.theme_preference,
      InterfaceVersion: merchant.interface_version,
      AppId: client.app_id,
      AppSecret: client.published_secret,
      Config: {
        WebSiteName: merchant.website_name,
        ThemePreference: merchant.theme_preference,
        InterfaceVersion: merchant.interface_version,
        LogoUrl: siteLogoUrl(merchant.logo_sha256),
      },
    };
  });

  defineCall(app, calls.GetWebConfig, async ({ request }) => toWebConfig(requireMerchant(request)));

  app.route({
    method: 'GET',
    url: '/api/site-logo/:file',
    config: { auth: 'public' },
    schema: {
      summary: '商户 Logo（WebP，480×160 以内）：地址即内容的 SHA-256，只在所属商户的域名下可用；无需请求头',
      tags: ['common'],
    },
    handler: async (request, reply) => {
      const sha256 = LOGO_FILE.exec((request.params as { file: string }).file)?.[1];
      const image =
        sha256 && request.merchant ? await readSiteLogo(context.db, request.merchant.id, sha256) : undefined;
      if (!image) {
        // Another merchant's logo, one replaced or removed, or no logo's name at all.
        return reply
          .code(API_CODES.FileLinkInvalid.httpStatus)
          .header('cache-control', 'no-cache')
          .send(fail(ApiCode.FileLinkInvalid, 'Logo 地址无效，或 Logo 已更换'));
      }
      return reply
        .header('content-type', 'image/webp')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .send(image);
    },
  });
}
