/**
 * 批量发货 (docs/console.md, "Batch shipping"): what the dialog lists of each ticked order, and
 * whether an order needs a tracking number — 到店自提 needs none.
 */
import {
  ORDER_STATUS_NAMES,
  OrderStatus,
  type BatchShipForm,
  type OrderAddress,
  type OrderStatus as OrderStatusValue,
} from '@inkstone/contracts';
import type { ServerContext } from '../../context.ts';
import { customerCards } from '../customers/index.ts';
import { listShippingCarriers, type ShippingCarrier } from '../express/index.ts';
import { conflictMessage } from '../orders/index.ts';

/** The merchant's carriers by id, and whether an order's chosen one is 到店自提. */
export class Carriers {
  private constructor(private readonly list: ShippingCarrier[]) {}

  static async of(context: ServerContext, merchantId: number): Promise<Carriers> {
    return new Carriers(await listShippingCarriers(context.db, merchantId));
  }

  isSelfPickup(expressCompanyId: number | null): boolean {
    return this.list.some((carrier) => carrier.id === expressCompanyId && carrier.isSelfPickup);
  }

  /** The names a packer may pick: the active couriers (到店自提 is not a courier). */
  courierNames(): string[] {
    return this.list.filter((carrier) => carrier.isActive && !carrier.isSelfPickup).map((c) => c.name);
  }
}

function addressSummary(json: string): { contacts: string; phone: string; summary: string } {
  try {
    const address = JSON.parse(json) as Partial<OrderAddress>;
    const region = [address.Province, address.City, address.Region].filter(Boolean).join('');
    return {
      contacts: address.Contacts ?? '',
      phone: address.PhoneNumber ?? '',
      summary: [region, address.Address].filter(Boolean).join(' '),
    };
  } catch {
    return { contacts: '', phone: '', summary: '' };
  }
}

/** BatchShipForm: the merchant's own orders among `orderIds`, in that order, once each. */
export async function batchShipForm(
  context: ServerContext,
  merchantId: number,
  orderIds: readonly number[],
): Promise<BatchShipForm> {
  const ids = [...new Set(orderIds)];
  const rows = await context.db
    .selectFrom('orders')
    .select([
      'id',
      'order_no',
      'status',
      'customer_id',
      'address_json',
      'express_company_id',
      'express_company_name',
    ])
    .where('merchant_id', '=', merchantId)
    .where('id', 'in', ids)
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  const carriers = await Carriers.of(context, merchantId);
  const customers = await customerCards(
    context,
    merchantId,
    rows.map((row) => row.customer_id),
  );
  const orders = ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const address = addressSummary(row.address_json);
    const canShip = row.status === OrderStatus.Producing;
    return [
      {
        Id: row.id,
        OrderNo: row.order_no,
        Status: row.status,
        StatusName: ORDER_STATUS_NAMES[row.status as OrderStatusValue] ?? '未知',
        Customer: customers.get(row.customer_id)!,
        Contacts: address.contacts,
        PhoneNumber: address.phone,
        AddressSummary: address.summary,
        ExpressCompanyName: row.express_company_name,
        IsSelfPickup: carriers.isSelfPickup(row.express_company_id),
        CanShip: canShip,
        Reason: canShip ? '' : conflictMessage('ship', row.status),
      },
    ];
  });
  return { Orders: orders, Carriers: carriers.courierNames() };
}
