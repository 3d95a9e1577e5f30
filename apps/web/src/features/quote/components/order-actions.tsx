import { Button } from 'antd';
import { ShoppingCartOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import type { PriceRequestBody } from '@inkstone/contracts';
import { feedback } from '../../../lib/feedback.ts';
import { useVersionSite } from '../../../lib/route-handle.ts';
import { orderPath } from '../../../lib/paths.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { addOrderItem } from '../../cart/index.ts';
import type { AddOrderControl } from '../hooks/use-quote-workbench.ts';
import type { ProductPriceMode } from '../quote-source.ts';

/** What 加入购物车 takes: the selection priced on screen and the total it showed. */
export interface OrderSelection {
  body: PriceRequestBody;
  totalFen: number;
  priceMode: ProductPriceMode;
}

/** The toast after 加入购物车 (the server's message too). */
export const ADDED_TO_CART = '已加入购物车';

/**
 * 加入购物车 and 立即下单 of the quotation pages. Both put the priced selection into the cart with
 * the total shown (the server refuses a different price with its current one); 立即下单 then
 * opens checkout with that line. One request at a time (`addOrder`): a second press while the
 * first is on its way sends nothing.
 */
export function AccountOrderActions({
  canOrder,
  selection,
  addOrder,
}: {
  canOrder: boolean;
  selection?: OrderSelection | null;
  addOrder: AddOrderControl;
}) {
  const site = useVersionSite();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const busy = addOrder.pending;
  const isReady = canOrder && Boolean(selection) && busy === null;

  async function add(next: 'cart' | 'order') {
    if (!selection) return;
    await addOrder.submit(next, async () => {
      try {
        const line = await addOrderItem({
          ...selection.body,
          PriceMode: selection.priceMode,
          ExpectedAmountFen: selection.totalFen,
        });
        void queryClient.invalidateQueries({ queryKey: queryKeys.cart.all });
        if (next === 'order') void navigate(orderPath(site.version, 'checkout', { ids: line.Id }));
        else feedback.success(ADDED_TO_CART);
      } catch {
        // The client has shown the server's reason (a changed price names the current one).
      }
    });
  }

  return (
    <>
      <div className="ink-price__buttons">
        <Button
          size="large"
          icon={<ShoppingCartOutlined />}
          disabled={!canOrder || !selection}
          loading={busy === 'cart'}
          onClick={() => isReady && void add('cart')}
        >
          加入购物车
        </Button>
        <Button
          size="large"
          type="primary"
          icon={<ThunderboltOutlined />}
          disabled={!canOrder || !selection}
          loading={busy === 'order'}
          onClick={() => isReady && void add('order')}
        >
          立即下单
        </Button>
      </div>
      <p className="ink-price__order-note">
        按当前报价加入购物车，结算时可选择收货地址、快递与优惠券。
        <Link to={orderPath(site.version, 'cart')}>查看购物车</Link>
      </p>
    </>
  );
}

export interface PublicOrderActionsProps {
  canOrder: boolean;
  isLoggedIn: boolean;
  /** This product in the signed-in order centre. */
  orderHref: string;
  /** The login, returning to `orderHref`. */
  loginHref: string;
}

/** The product introduction's buttons: to the order centre, through the login when needed. */
export function PublicOrderActions({ canOrder, isLoggedIn, orderHref, loginHref }: PublicOrderActionsProps) {
  const navigate = useNavigate();
  const go = () => void navigate(isLoggedIn ? orderHref : loginHref);
  return (
    <>
      <div className="ink-price__buttons">
        <Button size="large" icon={<ShoppingCartOutlined />} disabled={!canOrder} onClick={go}>
          加入购物车
        </Button>
        <Button size="large" type="primary" icon={<ThunderboltOutlined />} disabled={!canOrder} onClick={go}>
          立即下单
        </Button>
      </div>
      <p className="ink-price__order-note">
        {isLoggedIn ? '在下单中心按此规格报价与下单。' : '价格无需登录即可查看；登录后进入下单中心下单。'}
      </p>
    </>
  );
}
