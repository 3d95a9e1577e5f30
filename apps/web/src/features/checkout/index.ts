/**
 * Public face of checkout for other features: artwork chosen for cart lines before checkout
 * opens. The checkout page itself is loaded with the order pages.
 */
export { prefillCheckoutArtwork } from './utils/checkout-draft.ts';
