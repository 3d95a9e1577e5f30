/**
 * Public face of the cart: the header badge, adding a priced selection and the cart's lines. The
 * cart page itself is loaded with the order pages.
 */
export { CartBadge } from './components/cart-badge.tsx';
export { addOrderItem } from './api/add-order-item.ts';
export { useCartPage } from './api/shop-car-orders.ts';
