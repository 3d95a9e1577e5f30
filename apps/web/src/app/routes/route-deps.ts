import type { GuardDeps } from '../guard.ts';
import type { Version } from '../../lib/sites.ts';

/** What the route tree needs from the running app; tests pass their own. */
export interface RouteDeps extends GuardDeps {
  /** The interface version the merchant configured (for /buffer-zone). */
  configuredVersion(): Version;
  /** Route ids of the merchant's first product (the quotation index routes open it); null for none. */
  firstProductPath?(): readonly number[] | null;
}
