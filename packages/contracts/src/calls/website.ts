import { z } from 'zod';

/** POST /api/website/GetWebConfig — what the shell needs to draw the merchant's site. */
export const webConfigSchema = z.object({
  WebSiteName: z.string().describe('网站名称（页面标题）'),
  CompanyName: z.string().describe('商户名称'),
  CompanyCode: z.string().describe('商户代码'),
  ThemePreference: z.number().int().describe('主题偏好：2 为红色，其余为绿色'),
  InterfaceVersion: z.number().int().describe('界面版本 1–4'),
  ServicePhone: z.string().describe('客服电话'),
  ServiceQQ: z.string().describe('客服 QQ'),
  Address: z.string().describe('门店地址'),
  BusinessHours: z.string().describe('营业时间'),
  IcpNumber: z.string().describe('ICP 备案号'),
  Notice: z.string().describe('网站公告'),
});
export type WebConfig = z.infer<typeof webConfigSchema>;
