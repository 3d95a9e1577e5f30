/**
 * The customer bill (QueryCustomerBill; docs/payments.md "Bills"): every money movement — order
 * payments by any method, recharges, refunds, adjustments — from the ledger, newest first.
 */
import type { BillEntry, BillPage, QueryCustomerBillBody } from '@inkstone/contracts';
import type { Db } from '../../db/database.ts';
import { chinaDayRange } from '@inkstone/domain';
import { balanceOf } from '../payments/index.ts';
import { toBillEntry } from './bills.mapper.ts';
import { countBill, listBillBefore, queryBill, type BillFilter } from './bills.repository.ts';
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

/** The bill's filters (QueryCustomerBill without its pager). */
export type BillExportFilter = Pick<QueryCustomerBillBody, 'Type' | 'PayMethod' | 'Keyword'> &
  Partial<Pick<QueryCustomerBillBody, 'StartDate' | 'EndDate'>>;

/** The bill lines an export covers: how many, and page after page of them. */
export interface BillExport {
  count(): Promise<number>;
  pages(pageSize?: number): AsyncGenerator<BillEntry[]>;
}

/**
 * The customer's bill matching QueryCustomerBill's filters, for an export (docs/excel.md): newest
 * first, read in keyset pages of `pageSize` lines so memory stays flat however long it is.
 */
export function exportCustomerBill(db: Db, owner: CustomerScope, filter: BillExportFilter): BillExport {
  const where: BillFilter = {
    merchantId: owner.merchantId,
    customerId: owner.customerId,
    type: filter.Type,
    method: filter.PayMethod,
    keyword: filter.Keyword,
    ...chinaDayRange(filter.StartDate, filter.EndDate),
  };
  return {
    count: () => countBill(db, where),
    // Small pages, as for orders (EXPORT_PAGE_SIZE in orders/order-export.ts): each page's rows die young.
    async *pages(pageSize = 100) {
      let beforeId: number | null = null;
      for (;;) {
        const rows = await listBillBefore(db, where, { beforeId, limit: pageSize });
        if (rows.length === 0) return;
        yield rows.map(toBillEntry);
        if (rows.length < pageSize) return;
        beforeId = rows[rows.length - 1]!.id;
      }
    },
  };
}
