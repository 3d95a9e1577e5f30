/**
 * The console's 客户 section (docs/console.md): the merchant's customers, one customer's profile
 * with balance, ledger and latest orders, and 停用 / 启用 of an account. Balance adjustments are
 * AdjustBalance (StaffOrdersService).
 */
import type {
  SetCustomerEnabledBody,
  StaffCustomerDetail,
  StaffCustomerDetailBody,
  StaffCustomerPage,
  StaffQueryCustomersBody,
} from '@inkstone/contracts';
import type { ServerContext } from '../../context.ts';
import { queryCustomerBill } from '../bills/index.ts';
import { customerProfile, queryCustomers, setCustomerEnabled } from '../customers/index.ts';
import type { OrdersService } from '../orders/index.ts';
import type { AuditSink } from '../audit/index.ts';
import type { StaffMember } from './staff.service.ts';

/** How many of the customer's latest orders the detail shows (the rest: 订单, searched by customer). */
const LATEST_ORDERS = 10;

export class StaffCustomersService {
  constructor(private readonly deps: { context: ServerContext; orders: OrdersService }) {}

  /** QueryCustomers. */
  async query(member: StaffMember, body: StaffQueryCustomersBody): Promise<StaffCustomerPage> {
    return queryCustomers(this.deps.context.db, member.merchantId, body);
  }

  /** CustomerDetail: the profile first, so another merchant's customer is refused before anything is read. */
  async detail(member: StaffMember, body: StaffCustomerDetailBody): Promise<StaffCustomerDetail> {
    const db = this.deps.context.db;
    const customer = await customerProfile(db, member.merchantId, body.CustomerId);
    const owner = { merchantId: member.merchantId, customerId: customer.Id };
    const [ledger, orders] = await Promise.all([
      queryCustomerBill(db, owner, {
        pageindex: body.pageindex,
        limit: body.limit,
        Type: '',
        PayMethod: '',
        Keyword: '',
      }),
      this.deps.orders.list(
        { merchantId: member.merchantId, customerId: customer.Id, status: 0, keyword: '' },
        { pageindex: 1, limit: LATEST_ORDERS },
      ),
    ]);
    return { Customer: customer, Ledger: ledger, Orders: orders.List };
  }

  /** SetCustomerEnabled (管理员). */
  async setEnabled(
    member: StaffMember,
    body: SetCustomerEnabledBody,
    audit: AuditSink = async () => undefined,
  ): Promise<StaffCustomerDetail['Customer']> {
    const after = await setCustomerEnabled(
      this.deps.context,
      member.merchantId,
      member.name || member.account,
      body,
      (trx, before, changed) =>
        audit(
          {
            target: { type: 'customer', id: changed.Id, label: changed.MobileNo || changed.Account },
            before: { IsActive: before.IsActive, Reason: before.StatusChange?.Reason ?? '' },
            after: { IsActive: changed.IsActive, Reason: changed.StatusChange?.Reason ?? '' },
          },
          trx,
        ),
    );
    return after;
  }
}
