/** The home page writes 起价 as the rest of the site does (lib/format.ts). */
export { formatFromPrice as fromPriceText } from '../../../lib/format.ts';
