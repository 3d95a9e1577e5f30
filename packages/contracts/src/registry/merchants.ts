/** The calls of the server's merchants module (apps/server/src/modules/merchants). */
import { defineContract, emptyInputSchema } from '../call-contract.ts';
import { checkDomainNameBodySchema, companyInfoSchema } from '../calls/common.ts';
import { webConfigSchema } from '../calls/website.ts';

export const merchantsCalls = {
  CheckDomainName: defineContract({
    method: 'POST',
    idempotent: true,
    path: '/api/common/CheckDomainName',
    summary: '按域名查询商户信息（应用启动时调用，无需令牌）',
    tags: ['common'],
    auth: 'public',
    input: checkDomainNameBodySchema,
    output: companyInfoSchema,
  }),
  GetWebConfig: defineContract({
    method: 'POST',
    idempotent: true,
    path: '/api/website/GetWebConfig',
    summary: '网站外观与联系信息（标题、主题、界面版本、客服电话、备案号）',
    tags: ['website'],
    auth: 'app',
    input: emptyInputSchema,
    output: webConfigSchema,
  }),
};
