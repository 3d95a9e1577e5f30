/**
 * Public face of the order pages: what the order route's query carries. The pages themselves load
 * on demand through the route (app/pages/user-order-page.tsx); their addresses are in lib/paths.ts.
 */
export { parseIds } from './paths.ts';
