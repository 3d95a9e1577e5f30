import { Button } from 'antd';
import { ShoppingCartOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { feedback } from '../../../lib/feedback.ts';

/** What the order buttons say until online ordering opens. */
export const ORDERING_SOON = '在线下单即将开放：届时可将本报价加入购物车或直接下单';

/** 加入购物车 and 立即下单 of the quotation pages; ordering itself is not open yet. */
export function AccountOrderActions({ canOrder }: { canOrder: boolean }) {
  const announce = () => feedback.info(ORDERING_SOON);
  return (
    <>
      <div className="ink-price__buttons">
        <Button size="large" icon={<ShoppingCartOutlined />} disabled={!canOrder} onClick={announce}>
          加入购物车
        </Button>
        <Button
          size="large"
          type="primary"
          icon={<ThunderboltOutlined />}
          disabled={!canOrder}
          onClick={announce}
        >
          立即下单
        </Button>
      </div>
      <p className="ink-price__order-note">在线下单即将开放，届时本报价可直接加入购物车或下单。</p>
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
