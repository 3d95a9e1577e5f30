/**
 * The payment fakes as a process of their own (docs/payments.md "Running the fakes"): for the
 * browser suite, and for trying 微信支付 / 支付宝 by hand without reaching them.
 *
 *   npx tsx apps/server/src/test/payment-fakes-cli.ts
 *
 * prints one JSON line: the URLs to configure (PAYMENT_WECHAT_API_URL, PAYMENT_WECHAT_OAUTH_URL,
 * PAYMENT_WECHAT_SNS_API_URL, PAYMENT_ALIPAY_GATEWAY_URL), the settings to save with
 * SavePaymentGatewaySettings (fresh keys; `wechatOfficial` adds the 公众号 of 微信内支付 to
 * `wechat`), and a control address:
 *
 * - POST <control>/target {"origin":"http://127.0.0.1:3000"} — where notifications are delivered
 *   (by default to the notify_url as sent);
 * - POST <control>/wechat/pay {"outTradeNo"?} and /alipay/pay — the payer pays (the newest unpaid
 *   trade when none is named) and the signed notification is sent; answers what the server said;
 * - POST <control>/wechat/bridge-pay {getBrandWCPayRequest's parameters} — 微信's client: checks
 *   the parameters (paySign by the merchant's key) and pays the prepay_id's trade, as above.
 * - POST <control>/wechat/refund {"outRefundNo"?} — 微信支付 ends a refund (the newest one still
 *   processing when none is named) and sends its signed REFUND.SUCCESS notification.
 *
 * With FAKE_WECHAT_CERTIFICATES=1 the fake 微信支付 signs with a platform certificate that
 * `GET /v3/certificates` serves (an account saved with 由服务器下载平台证书). `alipayCert` is a second
 * 支付宝 application in 公钥证书 mode, with its three certificates to paste.
 *
 * Runs in real time (it is not the server). Stops on SIGTERM or when standard input closes.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { FakeAlipay } from './fake-alipay.ts';
import { FakeWechatPay } from './fake-wechat-pay.ts';

let targetOrigin = '';
const target = (notifyUrl: string) => {
  if (!targetOrigin) return notifyUrl;
  const url = new URL(notifyUrl);
  return `${targetOrigin}${url.pathname}${url.search}`;
};

const wechat = new FakeWechatPay(() => Date.now(), target);
const alipay = new FakeAlipay(target);
await wechat.start();
await alipay.start();
const wechatMerchant = wechat.addMerchant(
  process.env.FAKE_WECHAT_MCHID ?? '1900000109',
  'wxd678efh567hg6787',
);
const alipayApp = alipay.addApp(process.env.FAKE_ALIPAY_APPID ?? '2021000122600001');
const alipayCertApp = alipay.addApp('2021000122600009');
const alipayCertificates = alipay.useCertificates(alipayCertApp);
if (process.env.FAKE_WECHAT_CERTIFICATES === '1') wechat.useCertificates();

function newestOpen<T extends { state?: string; status?: string }>(entries: Map<string, T>, open: string) {
  const keys = [...entries.entries()].filter(([, entry]) => (entry.state ?? entry.status) === open);
  return keys.at(-1)?.[0];
}

const control = http.createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    void (async () => {
      const body = chunks.length
        ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, string>)
        : {};
      let answer: unknown;
      if (request.url === '/target') {
        targetOrigin = body.origin ?? '';
        answer = { target: targetOrigin };
      } else if (request.url === '/wechat/pay') {
        const outTradeNo = body.outTradeNo ?? newestOpen(wechat.orders, 'NOTPAY');
        answer = outTradeNo
          ? { outTradeNo, delivered: await wechat.pay(outTradeNo) }
          : { error: 'no open trade' };
      } else if (request.url === '/wechat/bridge-pay') {
        answer = await wechat.payPrepay(body);
      } else if (request.url === '/wechat/refund') {
        const outRefundNo =
          body.outRefundNo ??
          [...wechat.refunds.values()].filter((refund) => refund.status === 'PROCESSING').at(-1)?.outRefundNo;
        answer = outRefundNo
          ? { outRefundNo, delivered: await wechat.finishRefund(outRefundNo) }
          : { error: 'no processing refund' };
      } else if (request.url === '/alipay/pay') {
        const outTradeNo = body.outTradeNo ?? newestOpen(alipay.trades, 'WAIT_BUYER_PAY');
        answer = outTradeNo
          ? { outTradeNo, delivered: await alipay.pay(outTradeNo) }
          : { error: 'no open trade' };
      } else {
        answer = { error: 'unknown' };
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer));
    })().catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: String(error) }));
    });
  });
});
await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));

console.log(
  JSON.stringify({
    control: `http://127.0.0.1:${(control.address() as AddressInfo).port}`,
    PAYMENT_WECHAT_API_URL: wechat.url,
    PAYMENT_WECHAT_OAUTH_URL: wechat.url,
    PAYMENT_WECHAT_SNS_API_URL: wechat.url,
    PAYMENT_ALIPAY_GATEWAY_URL: alipay.url,
    wechat: {
      Provider: 'wechat',
      Enabled: true,
      MchId: wechatMerchant.mchId,
      AppId: wechatMerchant.appId,
      MerchantSerialNo: wechatMerchant.merchantSerialNo,
      PlatformSerial: wechat.platformSerial,
      PrivateKey: wechatMerchant.privateKey,
      ApiV3Key: wechatMerchant.apiV3Key,
      PlatformPublicKey: wechat.platform.publicKey,
    },
    wechatOfficial: { OfficialAppId: wechatMerchant.appId, OfficialAppSecret: wechatMerchant.appSecret },
    alipay: {
      Provider: 'alipay',
      Enabled: true,
      AppId: alipayApp.appId,
      SellerId: alipayApp.sellerId,
      PrivateKey: alipayApp.privateKey,
      AlipayPublicKey: alipay.alipay.publicKey,
    },
    alipayCert: {
      Provider: 'alipay',
      Enabled: true,
      KeyMode: 'cert',
      AppId: alipayCertApp.appId,
      SellerId: alipayCertApp.sellerId,
      PrivateKey: alipayCertApp.privateKey,
      AppCert: alipayCertificates.appCert,
      AlipayPublicCert: alipayCertificates.alipayPublicCert,
      AlipayRootCert: alipayCertificates.alipayRootCert,
    },
  }),
);

const stop = () => {
  control.close();
  void Promise.all([wechat.stop(), alipay.stop()]).then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
process.stdin.on('end', stop);
process.stdin.resume();
