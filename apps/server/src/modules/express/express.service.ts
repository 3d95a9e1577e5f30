/**
 * Express companies and shipping fees (spec §3, §7; docs/addresses-express-coupons.md). The fee
 * itself is the pure template function of `@inkstone/domain`; this module finds the merchant's
 * company and its template and turns a refusal into ExpressUnreachable.
 */
import type { ExpressCompany, ExpressFee } from '@inkstone/contracts';
import {
  ExpressKind,
  calculateExpressFeeByTemplate,
  parseExpressFeeTemplate,
  type ExpressFeeTemplate,
} from '@inkstone/domain';
import type { ServerContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { shippingAddress } from '../addresses/index.ts';
import { toExpressCompany, toExpressFee } from './express.mapper.ts';
import {
  findActiveCompany,
  findPreferredCompany,
  listActiveCompanies,
  listMerchantCompanies,
  type ExpressCompanyRow,
} from './express.repository.ts';
import type { CustomerScope } from '../../lib/customer-scope.ts';

export type { ExpressCompanyRow } from './express.repository.ts';

/** Parsed templates by their stored text: each distinct template is parsed once. */
const templates = new Map<string, ExpressFeeTemplate>();
const MAX_CACHED_TEMPLATES = 2_000;

/** The company's template (a stored template that no longer parses is a defect: it throws). */
export function templateOf(row: ExpressCompanyRow): ExpressFeeTemplate {
  const key = row.template_json;
  let template = templates.get(key);
  if (!template) {
    template = parseExpressFeeTemplate(JSON.parse(row.template_json));
    if (templates.size >= MAX_CACHED_TEMPLATES) templates.clear();
    templates.set(key, template);
  }
  return template;
}

/** s2b.expressinfo.all.post: the merchant's active express companies in display order. */
export async function listExpressCompanies(db: Db, merchantId: number): Promise<ExpressCompany[]> {
  const rows = await listActiveCompanies(db, merchantId);
  return rows.map((row) => toExpressCompany(row, templateOf(row)));
}

/**
 * One of the merchant's active companies; the preferred one (default, else first) when
 * `companyId` is null.
 * @throws AppError ExpressNotFound
 */
export async function getExpressCompany(
  db: Db,
  merchantId: number,
  companyId: number | null | undefined,
): Promise<ExpressCompanyRow> {
  const row =
    companyId === null || companyId === undefined
      ? await findPreferredCompany(db, merchantId)
      : await findActiveCompany(db, merchantId, companyId);
  if (!row) throw new AppError('ExpressNotFound');
  return row;
}

/** What a shipping fee depends on. */
export interface ExpressFeeRequest {
  /** The express company; null/undefined = the merchant's default. */
  companyId?: number | null;
  /** Parcel weight in grams. */
  weightGrams: number;
  /** Destination province code (e.g. `440000`); `citys` wins when both are given. */
  provinceCode?: string | null;
  /** Destination as region codes from the province down (an address's citys). */
  citys?: readonly string[] | null;
  /** Order goods amount in fen, for free shipping. */
  orderAmountFen: number;
}

/**
 * The shipping fee in fen of a parcel by one of the merchant's companies (spec §7 CalExpressFee),
 * for the fee calls and for checkout.
 * @throws AppError ExpressNotFound (no such active company), ValidationFailed (a delivery company
 *   without a destination), ExpressUnreachable (the template does not serve the destination;
 *   the message names it).
 */
export async function calculateExpressFee(
  context: Pick<ServerContext, 'db'>,
  merchantId: number,
  request: ExpressFeeRequest,
): Promise<ExpressFee> {
  const row = await getExpressCompany(context.db, merchantId, request.companyId);
  const template = templateOf(row);
  const regionCodes =
    request.citys && request.citys.length > 0
      ? [...request.citys]
      : request.provinceCode
        ? [request.provinceCode]
        : [];
  if (template.Kind === ExpressKind.Delivery && regionCodes.length === 0) {
    throw new AppError('ValidationFailed', '请选择收货地区');
  }
  const result = calculateExpressFeeByTemplate(template, {
    weightGrams: request.weightGrams,
    regionCodes,
    orderAmountFen: request.orderAmountFen,
  });
  if (!result.ok) {
    if (result.refusal === 'unreachable')
      throw new AppError('ExpressUnreachable', `${row.name}${result.reason}`);
    throw new AppError('ValidationFailed', result.reason);
  }
  return toExpressFee(row, template, result, request.weightGrams);
}

/**
 * CalExpressFee: as {@link calculateExpressFee}, or to one of the customer's addresses when
 * `addressId` is given (its region codes replace provinceCode and citys).
 * @throws AppError AddressNotFound when the address is not the customer's.
 */
export async function calculateExpressFeeForCustomer(
  context: Pick<ServerContext, 'db'>,
  owner: CustomerScope,
  request: ExpressFeeRequest & { addressId?: number | null },
): Promise<ExpressFee> {
  const { addressId, ...rest } = request;
  if (addressId === null || addressId === undefined)
    return calculateExpressFee(context, owner.merchantId, rest);
  const address = await shippingAddress(context.db, owner, addressId);
  return calculateExpressFee(context, owner.merchantId, {
    ...rest,
    provinceCode: null,
    citys: address.codes,
  });
}

/** A merchant's express company as shipping sees it (the console's 批量发货). */
export interface ShippingCarrier {
  id: number;
  name: string;
  isSelfPickup: boolean;
  isActive: boolean;
}

/** Every express company of the merchant, active or not (an order keeps the one it chose), in display order. */
export async function listShippingCarriers(db: Db, merchantId: number): Promise<ShippingCarrier[]> {
  return (await listMerchantCompanies(db, merchantId)).map((row) => ({
    id: row.id,
    name: row.name,
    isSelfPickup: row.is_self_pickup === 1,
    isActive: row.is_active === 1,
  }));
}
