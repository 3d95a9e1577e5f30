/**
 * The two fake SMS providers of fake-sms-gateways.ts as a program, to try the server's SMS
 * settings without a provider account (docs/sms.md):
 *
 *   npx tsx apps/server/src/test/run-fake-sms-gateways.ts
 *
 * Alibaba Cloud's stand-in listens on 127.0.0.1:FAKE_ALIYUN_PORT (8701), Tencent Cloud's on
 * sms.localhost:FAKE_TENCENT_PORT (8702). Each accepts the account FAKE_SMS_KEY_ID /
 * FAKE_SMS_KEY_SECRET (`fake-key-id` / `fake-key-secret`), any signature and template (Tencent:
 * any SDK AppID), checks every signature, and prints each message it accepts. Stop with Ctrl-C.
 */
import { FakeAliyunSms, FakeTencentSms, type FakeSms } from './fake-sms-gateways.ts';

const account = {
  id: process.env.FAKE_SMS_KEY_ID || 'fake-key-id',
  secret: process.env.FAKE_SMS_KEY_SECRET || 'fake-key-secret',
};
const aliyun = new FakeAliyunSms();
const tencent = new FakeTencentSms();
aliyun.addAccount(account);
tencent.addAccount(account);
await aliyun.start(Number(process.env.FAKE_ALIYUN_PORT || 8701));
await tencent.start(Number(process.env.FAKE_TENCENT_PORT || 8702));

function watch(name: string, fake: FakeAliyunSms | FakeTencentSms): void {
  let shown = 0;
  let refused = 0;
  setInterval(() => {
    for (const sms of fake.sent.slice(shown) as FakeSms[]) {
      console.log(
        `${name} → ${sms.mobileNo} 【${sms.signName}】 ${sms.template} ${JSON.stringify(sms.params)}`,
      );
    }
    shown = fake.sent.length;
    for (const code of fake.authFailures.slice(refused)) console.log(`${name} refused a request: ${code}`);
    refused = fake.authFailures.length;
  }, 200);
}
watch('aliyun', aliyun);
watch('tencent', tencent);
console.log(`Alibaba Cloud SMS stand-in:  SMS_ALIYUN_ENDPOINT=${aliyun.url}`);
console.log(`Tencent Cloud SMS stand-in:  SMS_TENCENT_ENDPOINT=${tencent.url}`);
console.log(`account: ${account.id} / ${account.secret}`);

process.on('SIGINT', () => {
  void Promise.all([aliyun.close(), tencent.close()]).then(() => process.exit(0));
});
