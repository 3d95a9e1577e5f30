/**
 * The payment simulator's page (docs/payments.md): plain server-rendered Chinese HTML, no script.
 * GET /pay/simulator/:paymentNo shows what is paid with 确认支付 / 取消支付; the buttons post a form
 * back here, which sends the signed notification through POST /api/payment/notify/simulator —
 * the same path and handler a real gateway's notification takes.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { PAY_METHOD_NAMES } from '@inkstone/contracts';
import { formatYuan } from '@inkstone/domain';
import type { ServerContext } from '../../context.ts';
import type { SimulatorGateway } from './gateways/simulator-gateway.ts';
import {
  findMerchantName,
  findPaymentByNo,
  listPaymentOrders,
  type PaymentRow,
} from './payments.repository.ts';

const CSP =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:"PingFang SC","Microsoft YaHei","Noto Sans CJK SC",sans-serif;background:#f5f5f5;margin:0;padding:24px;color:#222}
main{max-width:420px;margin:0 auto;background:#fff;border-radius:8px;padding:24px;box-shadow:0 1px 4px rgba(0,0,0,.08)}
h1{font-size:20px;margin:0 0 4px}.note{color:#888;font-size:13px;margin:0 0 16px}
.amount{font-size:32px;font-weight:600;margin:12px 0;color:#d4380d}dl{display:grid;grid-template-columns:6em 1fr;gap:6px 8px;font-size:14px}
dt{color:#888}dd{margin:0;word-break:break-all}form{display:inline}.actions{display:flex;gap:12px;margin-top:20px}
button{flex:1;font-size:16px;padding:12px;border-radius:6px;border:1px solid #ccc;background:#fff;cursor:pointer}
button.pay{background:#07c160;border-color:#07c160;color:#fff}.result{font-size:18px;margin:16px 0}
</style></head><body><main>${body}</main></body></html>`;
}

interface LinkQuery {
  method?: string;
  expires?: string;
  sign?: string;
  /** The site's page to return to (phones): a path of this site only. */
  return?: string;
}

/** A path of this site (never another address) to go back to, or ''. */
function returnPathOf(query: LinkQuery): string {
  const path = query.return ?? '';
  return /^\/(?![/\\])[^\s\\]{0,300}$/.test(path) ? path : '';
}

function backLink(query: LinkQuery): string {
  const path = returnPathOf(query);
  return path ? `<p><a href="${escapeHtml(path)}">返回商户页面</a></p>` : '';
}

function send(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', CSP)
    .header('x-content-type-options', 'nosniff')
    .send(html);
}

export function registerSimulatorRoutes(
  app: FastifyInstance,
  context: ServerContext,
  gateway: SimulatorGateway,
): void {
  const linkOf = (paymentNo: string, query: LinkQuery) => {
    const method = query.method === 'alipay' ? 'alipay' : query.method === 'wechat' ? 'wechat' : null;
    const expires = Number(query.expires);
    if (
      !method ||
      !gateway.isValidPageLink(paymentNo, method, expires, query.sign ?? '', context.clock.now())
    )
      return null;
    return { method, expires, sign: query.sign ?? '' } as const;
  };

  const describe = async (payment: PaymentRow, method: string) => {
    const merchant = await findMerchantName(context.db, payment.merchant_id);
    const orders = await listPaymentOrders(context.db, payment.id);
    const subject =
      payment.purpose === 'recharge'
        ? '余额充值'
        : `订单支付：${orders.map((order) => order.order_no).join('、')}`;
    return `<h1>模拟支付</h1><p class="note">支付模拟器：演示用的内置支付网关，不会产生真实扣款</p>
<div class="amount">${escapeHtml(formatYuan(payment.amount_fen))}</div>
<dl><dt>收款商户</dt><dd>${escapeHtml(merchant)}</dd><dt>支付方式</dt><dd>${escapeHtml(PAY_METHOD_NAMES[method] ?? '')}</dd>
<dt>支付单号</dt><dd>${escapeHtml(payment.payment_no)}</dd><dt>支付内容</dt><dd>${escapeHtml(subject)}</dd></dl>`;
  };

  void app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    scope.get<{ Params: { paymentNo: string }; Querystring: LinkQuery }>(
      '/pay/simulator/:paymentNo',
      { schema: { hide: true } },
      async (request, reply) => {
        const { paymentNo } = request.params;
        const link = linkOf(paymentNo, request.query);
        const payment = link ? await findPaymentByNo(context.db, paymentNo) : undefined;
        if (!link || !payment) {
          return send(
            reply,
            403,
            page('支付链接无效', '<h1>支付链接无效或已过期</h1><p>请回到商户页面刷新二维码后重新扫码。</p>'),
          );
        }
        const details = await describe(payment, link.method);
        if (payment.status !== 'pending') {
          const state = payment.status === 'paid' ? '该支付单已支付' : '该支付单已关闭';
          return send(
            reply,
            200,
            page('支付模拟器', `${details}<p class="result">${state}</p>${backLink(request.query)}`),
          );
        }
        const hidden = `<input type="hidden" name="method" value="${link.method}"><input type="hidden" name="expires" value="${link.expires}"><input type="hidden" name="sign" value="${escapeHtml(link.sign)}"><input type="hidden" name="return" value="${escapeHtml(returnPathOf(request.query))}">`;
        const action = `/pay/simulator/${encodeURIComponent(payment.payment_no)}`;
        return send(
          reply,
          200,
          page(
            '支付模拟器',
            `${details}<div class="actions">
<form method="post" action="${action}">${hidden}<input type="hidden" name="action" value="cancel"><button type="submit">取消支付</button></form>
<form method="post" action="${action}">${hidden}<input type="hidden" name="action" value="confirm"><button class="pay" type="submit">确认支付</button></form>
</div>`,
          ),
        );
      },
    );

    scope.post<{ Params: { paymentNo: string }; Body: LinkQuery & { action?: string } }>(
      '/pay/simulator/:paymentNo',
      { schema: { hide: true } },
      async (request, reply) => {
        const { paymentNo } = request.params;
        const form = (request.body ?? {}) as LinkQuery & { action?: string };
        const link = linkOf(paymentNo, form);
        const payment = link ? await findPaymentByNo(context.db, paymentNo) : undefined;
        if (!link || !payment || (form.action !== 'confirm' && form.action !== 'cancel')) {
          return send(
            reply,
            403,
            page('支付链接无效', '<h1>支付链接无效或已过期</h1><p>请回到商户页面刷新二维码后重新扫码。</p>'),
          );
        }
        if (payment.status !== 'pending') {
          const state = payment.status === 'paid' ? '该支付单已支付' : '该支付单已关闭';
          return send(
            reply,
            200,
            page(
              '支付模拟器',
              `${await describe(payment, link.method)}<p class="result">${state}</p>${backLink(form)}`,
            ),
          );
        }
        const isConfirm = form.action === 'confirm';
        const notification = gateway.buildNotification({
          paymentNo: payment.payment_no,
          amountFen: payment.amount_fen,
          payType: link.method,
          status: isConfirm ? 'SUCCESS' : 'CLOSED',
          now: context.clock.now(),
        });
        const delivered = await app.inject({
          method: 'POST',
          url: `/api/payment/notify/${gateway.provider}`,
          headers: { host: request.headers.host ?? 'localhost', 'content-type': 'application/json' },
          payload: JSON.stringify(notification),
        });
        const isAccepted = (delivered.json() as { success?: boolean }).success === true;
        const result = !isAccepted
          ? '支付网关通知失败，请稍后重试'
          : isConfirm
            ? '支付成功，请返回商户页面查看'
            : '已取消支付';
        return send(
          reply,
          200,
          page(
            '支付模拟器',
            `${await describe(payment, link.method)}<p class="result">${result}</p>${backLink(form)}`,
          ),
        );
      },
    );
  });
}
