import { queryOptions, useQuery } from '@tanstack/react-query';
import { uploadsCalls } from '@inkstone/contracts';
import type { PreflightReport } from '@inkstone/contracts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** A finished size in mm, with bleed per side (default 3). */
export interface FinishedSize {
  width: number;
  height: number;
  bleed: number;
}

/** How the call reports a failure: `ignoreAlert` leaves it to the caller (no toast). */
export interface PreflightCallOptions {
  ignoreAlert?: boolean;
}

/**
 * GET /api/v1/get_service_file_preflight?id&width&height&bleed: the file's facts and, for a
 * finished size, every check with its Chinese message. Without a size only the facts.
 */
export function getServiceFilePreflight(
  id: number,
  size: FinishedSize | null,
  options?: PreflightCallOptions,
): Promise<PreflightReport> {
  return api.call(
    uploadsCalls.get_service_file_preflight,
    size ? { id, width: size.width, height: size.height, bleed: size.bleed } : { id },
    options,
  );
}

export function preflightQuery(id: number, size: FinishedSize | null, options?: PreflightCallOptions) {
  return queryOptions({
    queryKey: queryKeys.uploads.preflight(id, size),
    queryFn: () => getServiceFilePreflight(id, size, options),
    staleTime: 5 * 60_000,
  });
}

/**
 * The preflight report of file `id` (the server analyses a file not analysed yet first). Checkout
 * passes `{ ignoreAlert: true }`: a line's preflight fails quietly.
 */
export function usePreflight(id: number | null, size: FinishedSize | null, options?: PreflightCallOptions) {
  return useQuery({ ...preflightQuery(id ?? 0, size, options), enabled: id !== null });
}
