import type { DeliverGoodsAddress } from '@inkstone/contracts';
import type { RecognisedAddress } from '@inkstone/domain';

/** What the address dialog edits: the spec §3 address, its region as the Cascader's codes. */
export interface AddressFormValues {
  contacts: string;
  phoneNumber: string;
  /** Division codes, province first (the region Cascader's value). */
  citys: string[];
  /** The street part, without province, city and district. */
  address: string;
  IsDefault: boolean;
}

/** The body of Add/UpdateDeliverGoodsAddress: the server takes the region names from `citys`. */
export interface AddressBody {
  contacts: string;
  phoneNumber: string;
  citys: string[];
  address: string;
  IsDefault: boolean;
}

/** An empty form (a new address). */
export const EMPTY_ADDRESS_FORM: AddressFormValues = {
  contacts: '',
  phoneNumber: '',
  citys: [],
  address: '',
  IsDefault: false,
};

/**
 * The form of a recognised line: its parts as recognised, the region as far as it was found (the
 * customer completes it in the Cascader). `base` keeps what recognition does not touch (the
 * default flag of an address being edited).
 */
export function recognisedToFormValues(
  value: RecognisedAddress,
  base: AddressFormValues = EMPTY_ADDRESS_FORM,
): AddressFormValues {
  return {
    ...base,
    contacts: value.contacts.trim(),
    phoneNumber: value.phoneNumber,
    citys: value.citys.filter((code) => code !== ''),
    address: value.address.trim(),
  };
}

/** The form of a stored address (edit). */
export function storedToFormValues(address: DeliverGoodsAddress): AddressFormValues {
  return {
    contacts: address.contacts,
    phoneNumber: address.phoneNumber,
    citys: [...address.citys],
    address: address.address,
    IsDefault: address.IsDefault,
  };
}

/** The request body of the form's values, trimmed. */
export function formValuesToBody(values: AddressFormValues): AddressBody {
  return {
    contacts: values.contacts.trim(),
    phoneNumber: values.phoneNumber.trim(),
    citys: [...values.citys],
    address: values.address.trim(),
    IsDefault: values.IsDefault,
  };
}

/** One line of a stored address, as a suggestion to recognise again: `张三 13800138000 广东省深圳市…`. */
export function addressToLine(
  address: Pick<DeliverGoodsAddress, 'contacts' | 'phoneNumber' | 'FullAddress'>,
): string {
  return `${address.contacts} ${address.phoneNumber} ${address.FullAddress}`;
}
