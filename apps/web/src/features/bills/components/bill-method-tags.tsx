import { Tag } from 'antd';
import { SIMULATED_PAYMENT_NAME } from '@inkstone/contracts';
import type { BillEntry } from '@inkstone/contracts';

/** How a bill line's money moved (微信支付, 余额支付…), and 模拟支付 when the simulator moved it. */
export function BillMethodTags({ entry }: { entry: BillEntry }) {
  return (
    <>
      {entry.PayMethodName && <Tag className="ink-bill__method">{entry.PayMethodName}</Tag>}
      {entry.IsSimulated && (
        <Tag color="orange" className="ink-bill__method" title="经支付模拟器支付，没有真实到账">
          {SIMULATED_PAYMENT_NAME}
        </Tag>
      )}
    </>
  );
}
