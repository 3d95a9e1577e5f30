import type { DeliverGoodsAddress } from '@inkstone/contracts';
import { formatFullAddress } from '@inkstone/domain';
import type { DeliveryAddressRow } from './addresses.repository.ts';

/** The division codes of an address, province first (two for 港澳, three elsewhere). */
export function addressCodes(row: DeliveryAddressRow): string[] {
  return [row.province_code, row.city_code, row.region_code].filter((code) => code !== '');
}

/** A stored address as the address calls return it (spec §3 field names). */
export function toDeliverGoodsAddress(row: DeliveryAddressRow): DeliverGoodsAddress {
  return {
    Id: row.id,
    contacts: row.contacts,
    phoneNumber: row.phone_number,
    province: row.province,
    city: row.city,
    region: row.region,
    address: row.address,
    citys: addressCodes(row),
    IsDefault: row.is_default === 1,
    FullAddress: formatFullAddress(row),
    CreateTime: new Date(row.created_at).toISOString(),
    UpdateTime: new Date(row.updated_at).toISOString(),
  };
}
