/**
 * Result types and the warning messages of address recognition (spec §2 address input, §5).
 */

/** Example appended to the phone-position warning: contact, then phone, then address. */
export const PHONE_POSITION_EXAMPLE = '例如:张三 13800138000 广东省深圳市南山区科技园';

/**
 * The warnings of spec §5, word for word; each stops recognition.
 * `phonePosition` is the spec's message followed by a space and {@link PHONE_POSITION_EXAMPLE}.
 */
export const ADDRESS_WARNINGS = {
  /** Nothing but blanks or punctuation was pasted. */
  empty: '请输入详细地址,然后点击‘自动识别’按钮',
  /** No mobile, landline or 400 number was found. */
  noPhoneNumber: '请提供手机号码,再进行识别',
  /** Province or city missing, or written without 省/市 (or another division suffix). */
  missingSuffix: "提供省份/城市需要包含'省/市' 例如:广东省深圳市",
  /** The phone number is not between the contact and the address. */
  phonePosition: `请将手机号码，放到联系人和地址中间,再进行识别 ${PHONE_POSITION_EXAMPLE}`,
} as const;

/** One of the messages of {@link ADDRESS_WARNINGS}. */
export type AddressWarning = (typeof ADDRESS_WARNINGS)[keyof typeof ADDRESS_WARNINGS];

/** An address recognised from one pasted line, in the shape of the address entity of spec §3. */
export interface RecognisedAddress {
  /** Contact name with labels and punctuation removed, e.g. `欧阳娜娜`. */
  contacts: string;
  /** Mobile as 11 digits; landline as `0755-12345678` (`-` and extension when given); `400-123-4567`. */
  phoneNumber: string;
  /** Province name as the region table spells it, e.g. `广东省`, `北京市`, `香港特别行政区`. */
  province: string;
  /** City name as the region table spells it (`市辖区` for the municipalities); `''` when not found. */
  city: string;
  /** District name as the region table spells it; `''` when not found. */
  region: string;
  /** The street part: the text after the province, city and district, cleaned of noise. */
  address: string;
  /** Division codes of province, city and district, as far as recognised (cascader value). */
  citys: string[];
}

/** Outcome of {@link recogniseAddress}: the address, or exactly one warning of spec §5. */
export type AddressRecognition =
  | { readonly ok: true; readonly value: RecognisedAddress }
  | { readonly ok: false; readonly warning: AddressWarning };
