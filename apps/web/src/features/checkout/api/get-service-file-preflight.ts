import { useQuery } from '@tanstack/react-query';
import { calls } from '@inkstone/contracts';
import type { PreflightReport } from '@inkstone/contracts';
import { api } from '../../../lib/api-client.ts';

/** A line's finished size in millimetres, with bleed per side. */
export interface FinishedSize {
  width: number;
  height: number;
  bleed: number;
}

/** GET /api/v1/get_service_file_preflight: a file checked against the line's finished size. */
export function getServiceFilePreflight(id: number, size: FinishedSize | null): Promise<PreflightReport> {
  return api.call(
    calls.uploads.get_service_file_preflight,
    size ? { id, width: size.width, height: size.height, bleed: size.bleed } : { id },
    { ignoreAlert: true },
  );
}

export function useLinePreflight(id: number, size: FinishedSize | null) {
  return useQuery({
    queryKey: ['checkout', 'preflight', id, size],
    queryFn: () => getServiceFilePreflight(id, size),
    staleTime: 5 * 60_000,
  });
}
