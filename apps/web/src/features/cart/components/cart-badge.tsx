import { Badge } from 'antd';
import { ShoppingCartOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useVersionSite } from '../../../lib/route-handle.ts';
import { orderPath } from '../../../lib/paths.ts';
import { useCartTotal } from '../api/total-shop-car-orders.ts';
import './cart-badge.css';

/** 购物车 in the signed-in header, with the number of lines (TotalShopCarOrders). */
export function CartBadge() {
  const site = useVersionSite();
  const total = useCartTotal();
  const count = total.data?.TotalCount ?? 0;
  return (
    <Link
      to={orderPath(site.version, 'cart')}
      className="ink-cart-badge"
      aria-label={`购物车，${count} 件商品`}
      data-testid="cart-badge"
    >
      <Badge count={count} size="small" overflowCount={99} offset={[4, -2]}>
        <ShoppingCartOutlined className="ink-cart-badge__icon" />
      </Badge>
      <span className="ink-cart-badge__text">购物车</span>
    </Link>
  );
}
