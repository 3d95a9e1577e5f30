/** Every cached cart query (the page and the header badge): invalidate after any change. */
export const CART_KEY = ['cart'] as const;
