/**
 * Public API of the region table (spec §3) and of address recognition (spec §2 address input, §4, §5).
 * Browser-safe: no Node APIs; the division data is a bundled JSON import.
 */
export {
  DEFAULT_REGION_DEPTH,
  MAX_REGION_DEPTH,
  REGION_ROOT_CODE,
  findRegion,
  listAllRegions,
  listRegionChildren,
  type RegionEntry,
} from './regions/region-table.ts';
export { getRegionTree, type RegionTreeNode } from './regions/region-tree.ts';
export {
  findRegionAncestry,
  findRegionCodes,
  findRegionName,
  findRegionPath,
  getRegionName,
  getRegionPath,
  isCityCode,
  isProvinceCode,
} from './regions/region-lookup.ts';
export {
  ADDRESS_WARNINGS,
  PHONE_POSITION_EXAMPLE,
  type AddressRecognition,
  type AddressWarning,
  type RecognisedAddress,
} from './address/address-types.ts';
export { recogniseAddress, splitAddressText, type AddressTextSplit } from './address/recognise-address.ts';
