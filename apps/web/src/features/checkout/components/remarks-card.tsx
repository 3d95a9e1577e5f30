import { Input } from 'antd';

const REMARKS_MAX = 500;

/** 订单备注: the customer's wishes for the order (up to 500 characters). */
export function RemarksCard({ value, onChange }: { value: string; onChange(value: string): void }) {
  return (
    <div className="ink-orders__card" role="group" aria-label="订单备注">
      <h2 className="ink-orders__card-title">订单备注</h2>
      <Input.TextArea
        aria-label="订单备注"
        value={value}
        maxLength={REMARKS_MAX}
        showCount
        autoSize={{ minRows: 2, maxRows: 5 }}
        placeholder="选填：交期、包装、发票等要求"
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
