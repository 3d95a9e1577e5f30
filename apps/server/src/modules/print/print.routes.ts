import type { FastifyInstance } from 'fastify';
import { printCalls as calls } from '@inkstone/contracts';
import { customerScopeOf, defineHtmlCall, requireCustomer, requireMerchant } from '../../plugins/call.ts';
import type { Merchant } from '../../lib/merchant.ts';
import type { PrintMerchant } from './print-page.ts';
import { siteLogoUrl } from '../merchants/index.ts';
import { brandColour } from './print-style.ts';
import type { PrintService } from './print.service.ts';

/** Spec §7 post_print_html (docs/excel.md "Print"): the printable page as the reply. */
export function registerPrintRoutes(app: FastifyInstance, print: PrintService): void {
  defineHtmlCall(app, calls.post_print_html, async ({ request, input }) => {
    const merchant = requireMerchant(request);
    const customer = requireCustomer(request);
    return print.render(
      {
        owner: customerScopeOf(request),
        customerName: [customer.nickName, customer.account].filter(Boolean).join(' '),
        merchant: printMerchantOf(merchant),
      },
      input,
    );
  });
}

/** The merchant as its printed pages show it: name, brand colour, service phone and address. */
export function printMerchantOf(merchant: Merchant): PrintMerchant & { id: number } {
  return {
    id: merchant.id,
    name: merchant.website_name || merchant.name,
    brand: brandColour(merchant.theme_preference),
    servicePhone: merchant.service_phone,
    address: merchant.address,
    logoUrl: siteLogoUrl(merchant.logo_sha256),
  };
}
