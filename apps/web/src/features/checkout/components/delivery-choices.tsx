import { Skeleton } from 'antd';
import type { ExpressCompany } from '@inkstone/contracts';
import { ExpressChoice } from './express-choice.tsx';

export interface DeliveryChoicesProps {
  isLoading: boolean;
  companies: readonly ExpressCompany[];
  addressId: number | null;
  weightGrams: number;
  goodsFen: number;
  expressId: number | null;
  /** Every line goes to its own address: fees are per order (the totals list them). */
  isPerOrder?: boolean;
  onChoose(expressId: number): void;
}

/** 配送方式: the merchant's express companies, each with its fee to the chosen address. */
export function DeliveryChoices({
  isLoading,
  companies,
  expressId,
  isPerOrder = false,
  onChoose,
  ...order
}: DeliveryChoicesProps) {
  return (
    <div className="ink-orders__card" role="group" aria-label="快递公司">
      <h2 className="ink-orders__card-title">配送方式</h2>
      {isLoading ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : (
        <div className="ink-orders__choices">
          {companies.map((company) => (
            <ExpressChoice
              key={company.Id}
              company={company}
              addressId={order.addressId}
              weightGrams={order.weightGrams}
              goodsFen={order.goodsFen}
              isPerOrder={isPerOrder}
              isActive={company.Id === expressId}
              onChoose={() => onChoose(company.Id)}
            />
          ))}
        </div>
      )}
    </div>
  );
}
