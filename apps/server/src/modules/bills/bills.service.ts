/**
 * The customer bill (QueryCustomerBill; docs/payments.md "Bills"): every money movement — order
 * payments by any method, recharges, refunds, adjustments — from the ledger, newest first.
 */
import type { BillPage, QueryCustomerBillBody } from '@inkstone/contracts';
import type { Db } from '../../db/database.ts';
import { chinaDayRange } from '@inkstone/domain';
import { balanceOf } from '../payments/index.ts';
import { toBillEntry } from './bills.mapper.ts';
import { queryBill } from './bills.repository.ts';
import type { CustomerScope } from '../../lib/customer-scope.ts';

export async function queryCustomerBill(
  db: Db,
  owner: CustomerScope,
  body: QueryCustomerBillBody,
): Promise<BillPage> {
  const result = await queryBill(
    db,
    {
      merchantId: owner.merchantId,
      customerId: owner.customerId,
      type: body.Type,
      method: body.PayMethod,
      keyword: body.Keyword,
      ...chinaDayRange(body.StartDate, body.EndDate),
    },
    { offset: (body.pageindex - 1) * body.limit, limit: body.limit },
  );
  return {
    List: result.rows.map(toBillEntry),
    PageIndex: body.pageindex,
    Limit: body.limit,
    PageCount: Math.ceil(result.totalCount / body.limit),
    TotalCount: result.totalCount,
    Attach: {
      SumAmount: result.sumFen,
      IncomeFen: result.incomeFen,
      ExpenseFen: result.expenseFen,
      BalanceChangeFen: result.balanceChangeFen,
      BalanceFen: await balanceOf(db, owner),
    },
  };
}
