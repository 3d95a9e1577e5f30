import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Empty, Input, Skeleton, Spin, Tag } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { ServerFile } from '@inkstone/contracts';
import { useVersionSite } from '../../../lib/route-handle.ts';
import { useCheckoutCoupons } from '../../account/index.ts';
import { AddressBook, useAddresses } from '../../addresses/index.ts';
import { CART_KEY, useCartPage } from '../../cart/index.ts';
import { formatFen, formatWeight, orderPath, parseIds, ORDERS_KEY } from '../../orders/index.ts';
import { postServiceOrderPay } from '../../payment/index.ts';
import { addOrder } from '../api/add-order.ts';
import { useExpressCompanies } from '../api/express-info-all.ts';
import { useOrderPreview } from '../api/preview-order.ts';
import { couponQueryOf, sortCoupons, summariseLines } from '../checkout-rules.ts';
import { ExpressChoice } from '../components/express-choice.tsx';
import { LineArtwork } from '../components/line-artwork.tsx';

/** The cart holds at most 200 lines: one page of that size has every line checkout may name. */
const WHOLE_CART = 200;
const REMARKS_MAX = 500;

/**
 * 确认订单 (`/user/order/checkout?ids=`): the chosen cart lines, delivery address, express company
 * and fee, coupon, artwork per line and remarks, with the server's itemised totals (PreviewOrder).
 * 提交订单 places the order at the total shown and opens its payment.
 */
export function CheckoutPage() {
  const site = useVersionSite();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const cartIds = useMemo(() => parseIds(search.get('ids')), [search]);

  const cart = useCartPage(1, WHOLE_CART);
  const addresses = useAddresses();
  const companies = useExpressCompanies();

  const lines = useMemo(
    () => (cart.data?.List ?? []).filter((line) => cartIds.includes(line.Id)),
    [cart.data, cartIds],
  );
  const orderable = lines.filter((line) => line.IsAvailable);
  const { goodsFen, weightGrams } = summariseLines(orderable);

  const [addressId, setAddressId] = useState<number | null>(null);
  const [expressId, setExpressId] = useState<number | null>(null);
  const [couponId, setCouponId] = useState<number | null>(null);
  const [remarks, setRemarks] = useState('');
  const [files, setFiles] = useState<Record<number, ServerFile[]>>({});
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);

  // The default address and the default company are chosen for the customer.
  useEffect(() => {
    if (addressId !== null || !addresses.data) return;
    const list = addresses.data.List;
    const chosen = list.find((item) => item.IsDefault) ?? list[0];
    if (chosen) setAddressId(chosen.Id);
  }, [addresses.data, addressId]);
  useEffect(() => {
    if (expressId !== null || !companies.data) return;
    const chosen = companies.data.find((item) => item.IsDefault) ?? companies.data[0];
    if (chosen) setExpressId(chosen.Id);
  }, [companies.data, expressId]);

  const coupons = useCheckoutCoupons(couponQueryOf(orderable));
  const sortedCoupons = sortCoupons(coupons.data?.List ?? []);

  const previewBody =
    orderable.length > 0 && addressId !== null && expressId !== null
      ? {
          CartIds: orderable.map((line) => line.Id),
          AddressId: addressId,
          ExpressCompanyId: expressId,
          CouponId: couponId,
        }
      : null;
  const preview = useOrderPreview(previewBody);
  const totals = preview.isError ? null : preview.data;

  async function submit() {
    if (!previewBody || !totals) return;
    setIsSubmitting(true);
    setSubmitError(null);
    try {
      const order = await addOrder({
        ...previewBody,
        Remarks: remarks.trim(),
        Files: orderable
          .map((line) => ({ CartId: line.Id, FileIds: (files[line.Id] ?? []).map((file) => file.Id) }))
          .filter((item) => item.FileIds.length > 0),
        ExpectedTotalFen: totals.TotalFen,
      });
      void queryClient.invalidateQueries({ queryKey: CART_KEY });
      void queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
      try {
        const payment = await postServiceOrderPay([order.Id]);
        void navigate(orderPath(site.version, 'pay', { no: payment.PaymentNo }), {
          replace: true,
          state: { payment },
        });
      } catch {
        void navigate(orderPath(site.version, 'all', { id: order.Id }), { replace: true });
      }
    } catch (error) {
      setSubmitError(error instanceof Error ? error.message : '提交订单失败，请稍后重试');
      void queryClient.invalidateQueries({ queryKey: CART_KEY });
      void preview.refetch();
    } finally {
      setIsSubmitting(false);
    }
  }

  if (cartIds.length === 0) {
    return (
      <div className="ink-orders__card">
        <Empty description="没有要结算的商品">
          <Link to={orderPath(site.version, 'cart')}>返回购物车</Link>
        </Empty>
      </div>
    );
  }
  if (!cart.data) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (orderable.length === 0) {
    return (
      <div className="ink-orders__card">
        <Empty description="所选商品已结算或暂不可下单">
          <Link to={orderPath(site.version, 'cart')}>返回购物车</Link>
        </Empty>
      </div>
    );
  }

  return (
    <section aria-labelledby="ink-checkout-title">
      <h1 className="ink-orders__title" id="ink-checkout-title">
        确认订单
        <span className="ink-orders__subtitle">
          共 {orderable.length} 件商品 · 重量 {formatWeight(weightGrams)}
        </span>
      </h1>

      <div className="ink-orders__card" role="group" aria-label="收货地址">
        <h2 className="ink-orders__card-title">收货地址</h2>
        <AddressBook selectable selectedId={addressId} onSelect={(address) => setAddressId(address.Id)} />
      </div>

      <div className="ink-orders__card" role="group" aria-label="快递公司">
        <h2 className="ink-orders__card-title">配送方式</h2>
        {companies.isLoading ? (
          <Skeleton active paragraph={{ rows: 2 }} />
        ) : (
          <div className="ink-orders__choices">
            {(companies.data ?? []).map((company) => (
              <ExpressChoice
                key={company.Id}
                company={company}
                addressId={addressId}
                weightGrams={weightGrams}
                goodsFen={goodsFen}
                isActive={company.Id === expressId}
                onChoose={() => setExpressId(company.Id)}
              />
            ))}
          </div>
        )}
      </div>

      <div className="ink-orders__card" role="group" aria-label="商品与印刷文件">
        <h2 className="ink-orders__card-title">商品与印刷文件</h2>
        {orderable.map((line) => (
          <div key={line.Id} className="ink-orders__line" style={{ gridTemplateColumns: '1fr auto' }}>
            <div>
              <p className="ink-orders__line-title">{line.ProductTitle}</p>
              <p className="ink-orders__spec">
                {line.SpecText} · {line.Quantity}
                {line.Unit}
              </p>
              {line.IsPriceChanged && (
                <Tag color="warning">价格已变动：加入时 {formatFen(line.AddedAmountFen)}</Tag>
              )}
              <div style={{ marginTop: 8 }}>
                <LineArtwork
                  line={line}
                  files={files[line.Id] ?? []}
                  onChange={(next) => setFiles((current) => ({ ...current, [line.Id]: next }))}
                />
              </div>
            </div>
            <div className="ink-orders__amount">{formatFen(line.AmountFen)}</div>
          </div>
        ))}
      </div>

      <div className="ink-orders__card" role="group" aria-label="优惠券">
        <h2 className="ink-orders__card-title">优惠券</h2>
        {coupons.isLoading ? (
          <Skeleton active paragraph={{ rows: 1 }} />
        ) : (
          <div className="ink-orders__choices">
            <button
              type="button"
              className={`ink-orders__choice${couponId === null ? ' is-active' : ''}`}
              aria-pressed={couponId === null}
              onClick={() => setCouponId(null)}
            >
              <span className="ink-orders__choice-head">不使用优惠券</span>
              <span className="ink-orders__muted">
                {sortedCoupons.some((coupon) => coupon.IsApplicable)
                  ? `${sortedCoupons.filter((coupon) => coupon.IsApplicable).length} 张可用`
                  : '暂无可用优惠券'}
              </span>
            </button>
            {sortedCoupons.map((coupon) => (
              <button
                key={coupon.Id}
                type="button"
                className={`ink-orders__choice${couponId === coupon.Id ? ' is-active' : ''}`}
                aria-pressed={couponId === coupon.Id}
                disabled={!coupon.IsApplicable}
                onClick={() => setCouponId(coupon.Id)}
              >
                <span className="ink-orders__choice-head">
                  <span>{coupon.Name}</span>
                  <span>
                    {coupon.DiscountFen !== null ? `-${formatFen(coupon.DiscountFen)}` : coupon.DiscountText}
                  </span>
                </span>
                <span className="ink-orders__muted">
                  {coupon.ThresholdText} · {coupon.ScopeText}
                </span>
                {!coupon.IsApplicable && (
                  <span className="ink-orders__muted" style={{ display: 'block', color: '#cf1322' }}>
                    不可用：{coupon.NotApplicableReason}
                  </span>
                )}
              </button>
            ))}
          </div>
        )}
      </div>

      <div className="ink-orders__card" role="group" aria-label="订单备注">
        <h2 className="ink-orders__card-title">订单备注</h2>
        <Input.TextArea
          aria-label="订单备注"
          value={remarks}
          maxLength={REMARKS_MAX}
          showCount
          autoSize={{ minRows: 2, maxRows: 5 }}
          placeholder="选填：交期、包装、发票等要求"
          onChange={(event) => setRemarks(event.target.value)}
        />
      </div>

      <div className="ink-orders__card" aria-label="金额明细" role="group">
        <h2 className="ink-orders__card-title">金额明细 {preview.isFetching && <Spin size="small" />}</h2>
        {preview.isError && (
          <Alert type="error" showIcon title={preview.error.message} style={{ marginBottom: 8 }} />
        )}
        {!previewBody && <Alert type="info" showIcon title="请选择收货地址和配送方式" />}
        {totals && (
          <dl className="ink-orders__totals">
            <dt>商品金额</dt>
            <dd>{formatFen(totals.GoodsFen)}</dd>
            <dt>运费</dt>
            <dd>{formatFen(totals.ExpressFen)}</dd>
            <dt>优惠{totals.CouponName ? `（${totals.CouponName}）` : ''}</dt>
            <dd>-{formatFen(totals.DiscountFen)}</dd>
          </dl>
        )}
      </div>

      {submitError && <Alert type="error" showIcon title={submitError} style={{ marginBottom: 12 }} />}

      <div className="ink-orders__bar">
        <Link to={orderPath(site.version, 'cart')}>返回购物车</Link>
        <div className="ink-orders__bar-sum">
          <span>应付</span>
          <strong className="ink-orders__amount ink-orders__amount--big" data-testid="checkout-total">
            {totals ? formatFen(totals.TotalFen) : '—'}
          </strong>
        </div>
        <Button
          type="primary"
          size="large"
          disabled={!totals || preview.isFetching}
          loading={isSubmitting}
          onClick={() => void submit()}
        >
          提交订单
        </Button>
      </div>
    </section>
  );
}
