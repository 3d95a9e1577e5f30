/**
 * Address recognition of the address input (spec §2, §4, §5): one pasted line of contact, phone
 * number and address becomes an address entity, or exactly one warning of spec §5.
 */
import { cleanAddress, cleanContact, isBlankText, normaliseText } from './address-text.ts';
import {
  ADDRESS_WARNINGS,
  type AddressRecognition,
  type AddressWarning,
  type RecognisedAddress,
} from './address-types.ts';
import { findContactPhone, type PhoneMatch } from './phone-number.ts';
import { splitRegions, type RegionSplit } from './split-regions.ts';

/** Longest text taken for a contact name when it follows the address. */
const MAX_TRAILING_CONTACT_LENGTH = 12;

function warn(warning: AddressWarning): AddressRecognition {
  return { ok: false, warning };
}

function recognised(
  contacts: string,
  phone: PhoneMatch,
  split: RegionSplit & { ok: true },
): AddressRecognition {
  const [province, city, region] = split.divisions;
  return {
    ok: true,
    value: {
      contacts,
      phoneNumber: phone.phoneNumber,
      province: province?.name ?? '',
      city: city?.name ?? '',
      region: region?.name ?? '',
      address: split.street,
      citys: split.divisions.map((division) => division.code),
    },
  };
}

/**
 * Recognises one pasted line such as `收货人:张三 电话:13800138000 广东省深圳市南山区科技园`.
 *
 * Checks in this order, stopping at the first warning of spec §5: nothing to read; no phone number
 * (mobile, landline with area code, 400 number); phone number not between contact and address;
 * province or city missing or without its suffix (省/市/自治区/自治州/地区/盟…). The contact normally
 * comes first; `address phone contact` is accepted too, since the phone still sits between them.
 * Never throws; see docs/address-recognition.md for every rule.
 */
export function recogniseAddress(text: string): AddressRecognition {
  const line = normaliseText(typeof text === 'string' ? text : '');
  if (isBlankText(line)) return warn(ADDRESS_WARNINGS.empty);
  const phone = findContactPhone(line);
  if (phone === undefined) return warn(ADDRESS_WARNINGS.noPhoneNumber);

  const before = line.slice(0, phone.start);
  const after = line.slice(phone.end);
  const leadingContact = cleanContact(before);
  const trailingAddress = cleanAddress(after);
  if (leadingContact === '' || trailingAddress === '') return warn(ADDRESS_WARNINGS.phonePosition);

  const forward = splitRegions(trailingAddress);
  if (forward.ok) return recognised(leadingContact, phone, forward);

  const trailingContact = cleanContact(after);
  if (
    trailingContact !== '' &&
    trailingContact.length <= MAX_TRAILING_CONTACT_LENGTH &&
    !/\d/.test(trailingContact)
  ) {
    const backward = splitRegions(cleanAddress(before));
    if (backward.ok) return recognised(trailingContact, phone, backward);
  }
  return warn(ADDRESS_WARNINGS.missingSuffix);
}

/** An address without contact and phone, split by {@link splitAddressText}. */
export type AddressTextSplit =
  | { readonly ok: true; readonly value: Omit<RecognisedAddress, 'contacts' | 'phoneNumber'> }
  | { readonly ok: false; readonly warning: AddressWarning };

/**
 * Splits an address that carries no contact or phone number (an Excel import's 省市区 and 详细地址
 * columns, `广东省深圳市南山区科技园`) into the region table's province, city and district and the
 * street part, by the same rules as {@link recogniseAddress}: the warning of check 4 when it does
 * not start with a province or city written with its suffix, the empty warning when it is blank.
 */
export function splitAddressText(text: string): AddressTextSplit {
  const line = cleanAddress(normaliseText(typeof text === 'string' ? text : ''));
  if (isBlankText(line)) return { ok: false, warning: ADDRESS_WARNINGS.empty };
  const split = splitRegions(line);
  if (!split.ok) return { ok: false, warning: ADDRESS_WARNINGS.missingSuffix };
  const [province, city, region] = split.divisions;
  return {
    ok: true,
    value: {
      province: province?.name ?? '',
      city: city?.name ?? '',
      region: region?.name ?? '',
      address: split.street,
      citys: split.divisions.map((division) => division.code),
    },
  };
}
