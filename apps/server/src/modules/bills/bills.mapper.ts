import { LEDGER_TYPE_NAMES, PAY_METHOD_NAMES, type BillEntry, type LedgerType } from '@inkstone/contracts';
import { SIMULATOR_PROVIDER } from '../payments/index.ts';
import type { BillRow } from './bills.repository.ts';

/** A ledger line → a line of the customer bill. */
export function toBillEntry(row: BillRow): BillEntry {
  return {
    Id: row.id,
    Type: row.type as LedgerType,
    TypeName: LEDGER_TYPE_NAMES[row.type as LedgerType] ?? row.type,
    PayMethod: row.method,
    PayMethodName: PAY_METHOD_NAMES[row.method] ?? '',
    AmountFen: row.amount_fen,
    BalanceChangeFen: row.balance_change_fen,
    BalanceAfterFen: row.balance_after_fen,
    OrderId: row.order_id,
    OrderNos: row.order_nos ? row.order_nos.split(',') : [],
    PaymentNo: row.payment_no ?? '',
    Remark: row.remark,
    // Money that came or went by QR code through the simulator: none of it was real.
    IsSimulated: (row.method === 'wechat' || row.method === 'alipay') && row.provider === SIMULATOR_PROVIDER,
    CreatedAt: new Date(row.created_at).toISOString(),
  };
}
