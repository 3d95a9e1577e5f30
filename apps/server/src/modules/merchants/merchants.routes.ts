import type { FastifyInstance } from 'fastify';
import { type CompanyInfo, type WebConfig } from '@inkstone/contracts';
import type { ServerContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { merchantsCalls as calls } from '@inkstone/contracts';
import { defineCall, requireMerchant } from '../../plugins/call.ts';
import { findWebClient } from './merchants.repository.ts';
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
  };
}

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
      },
    };
  });

  defineCall(app, calls.GetWebConfig, async ({ request }) => toWebConfig(requireMerchant(request)));
}
