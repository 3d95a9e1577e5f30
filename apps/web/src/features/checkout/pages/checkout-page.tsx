import { Alert, Empty, Skeleton } from 'antd';
import { Link } from 'react-router';
import { formatWeight } from '../../../lib/format.ts';
import { useVersionSite } from '../../../lib/route-handle.ts';
import { orderPath } from '../../../lib/paths.ts';
import { AddressBook } from '../../addresses/index.ts';
import { CheckoutLines } from '../components/checkout-lines.tsx';
import { CheckoutBar, CheckoutTotals } from '../components/checkout-totals.tsx';
import { CouponChoices } from '../components/coupon-choices.tsx';
import { DeliveryChoices } from '../components/delivery-choices.tsx';
import { RemarksCard } from '../components/remarks-card.tsx';
import { useCheckout } from '../hooks/use-checkout.ts';

/** Nothing can be checked out: why, and back to the cart. */
function NothingToCheckOut({ text, cartHref }: { text: string; cartHref: string }) {
  return (
    <div className="ink-orders__card">
      <Empty description={text}>
        <Link to={cartHref}>返回购物车</Link>
      </Empty>
    </div>
  );
}

/**
 * 确认订单 (`/user/order/checkout?ids=`): the chosen cart lines, delivery address, express company
 * and fee, coupon, artwork per line and remarks, with the server's itemised totals (PreviewOrder).
 * 提交订单 places the order at the total shown and opens its payment.
 */
export function CheckoutPage() {
  const site = useVersionSite();
  const checkout = useCheckout();
  const { orderable, preview, totals } = checkout;
  const cartHref = orderPath(site.version, 'cart');

  if (checkout.cartIds.length === 0) {
    return <NothingToCheckOut text="没有要结算的商品" cartHref={cartHref} />;
  }
  if (!checkout.isCartLoaded) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (orderable.length === 0) {
    return <NothingToCheckOut text="所选商品已结算或暂不可下单" cartHref={cartHref} />;
  }

  return (
    <section aria-labelledby="ink-checkout-title">
      <h1 className="ink-orders__title" id="ink-checkout-title">
        确认订单
        <span className="ink-orders__subtitle">
          共 {orderable.length} 件商品 · 重量 {formatWeight(checkout.weightGrams)}
        </span>
      </h1>

      <div className="ink-orders__card" role="group" aria-label="收货地址">
        <h2 className="ink-orders__card-title">收货地址</h2>
        {checkout.ownAddressCount > 0 && (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 8 }}
            data-testid="own-address-notice"
            title={
              checkout.needsAddress
                ? `${checkout.ownAddressCount} 件商品带有自己的收货地址（批量导入），按地址各成一个订单发货；下面所选的地址用于其余商品`
                : `每件商品都带有自己的收货地址（批量导入），按地址各成一个订单发货，无需在下面选择地址`
            }
          />
        )}
        <AddressBook
          selectable
          selectedId={checkout.addressId}
          onSelect={(address) => checkout.setAddressId(address.Id)}
        />
      </div>

      <DeliveryChoices
        isLoading={checkout.companies.isLoading}
        companies={checkout.companies.data ?? []}
        addressId={checkout.addressId}
        weightGrams={checkout.chosenAddressLines.weightGrams}
        goodsFen={checkout.chosenAddressLines.goodsFen}
        isPerOrder={!checkout.needsAddress}
        expressId={checkout.expressId}
        onChoose={checkout.setExpressId}
      />

      <CheckoutLines lines={orderable} files={checkout.files} onFilesChange={checkout.setLineFiles} />

      <CouponChoices
        isLoading={checkout.coupons.isLoading}
        coupons={checkout.sortedCoupons}
        couponId={checkout.couponId}
        onChoose={checkout.setCouponId}
      />

      <RemarksCard value={checkout.remarks} onChange={checkout.setRemarks} />

      <CheckoutTotals
        isFetching={preview.isFetching}
        error={preview.isError ? preview.error : null}
        canPreview={checkout.hasPreviewBody}
        totals={totals}
      />

      {checkout.submitError && (
        <Alert type="error" showIcon title={checkout.submitError} style={{ marginBottom: 12 }} />
      )}

      <CheckoutBar
        cartHref={cartHref}
        totals={totals}
        disabled={!totals || preview.isFetching}
        isSubmitting={checkout.isSubmitting}
        onSubmit={() => void checkout.submit()}
      />
    </section>
  );
}
