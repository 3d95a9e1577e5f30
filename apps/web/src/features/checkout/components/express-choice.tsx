import type { ExpressCompany } from '@inkstone/contracts';
import { formatFen } from '../../../lib/format.ts';
import { useExpressFee } from '../api/cal-express-fee.ts';

export interface ExpressChoiceProps {
  company: ExpressCompany;
  addressId: number | null;
  weightGrams: number;
  goodsFen: number;
  /** The lines go to their own addresses: the fee is worked out per order, not shown here. */
  isPerOrder?: boolean;
  isActive: boolean;
  onChoose(): void;
}

/** One express company with its fee to the chosen address, or why it cannot deliver there. */
export function ExpressChoice({
  company,
  addressId,
  weightGrams,
  goodsFen,
  isPerOrder = false,
  isActive,
  onChoose,
}: ExpressChoiceProps) {
  // 到店自提 needs no address: its fee (0) is known without one.
  const fee = useExpressFee(
    isPerOrder || (addressId === null && !company.IsSelfPickup)
      ? null
      : { ExpressId: company.Id, AddressId: addressId, WeightGrams: weightGrams, OrderAmountFen: goodsFen },
  );
  const isUnreachable = fee.isError;
  let price = isPerOrder ? '按各订单地址计算' : '选择地址后计算';
  if (fee.isFetching && !fee.data) price = '计算中…';
  else if (fee.data)
    price = fee.data.IsFreeShipping && !fee.data.IsSelfPickup ? '包邮' : formatFen(fee.data.FeeFen);
  else if (isUnreachable) price = '不可配送';

  return (
    <button
      type="button"
      className={`ink-orders__choice${isActive ? ' is-active' : ''}`}
      aria-pressed={isActive}
      disabled={isUnreachable}
      onClick={onChoose}
    >
      <span className="ink-orders__choice-head">
        <span>
          {company.Name}
          {company.IsDefault && <span className="ink-orders__muted">（默认）</span>}
        </span>
        <span>{price}</span>
      </span>
      <span className="ink-orders__muted">
        {isUnreachable
          ? fee.error.message
          : fee.data?.ZoneName
            ? `${fee.data.ZoneName} · ${company.Description}`
            : company.Description}
      </span>
    </button>
  );
}
