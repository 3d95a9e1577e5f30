import { useQuery } from '@tanstack/react-query';
import { merchantsCalls } from '@inkstone/contracts';
import { staffCall } from './staff-api.ts';

/** The merchant's name as its site shows it (public CheckDomainName of this host). */
export function useShopName(): string {
  const { data } = useQuery({
    queryKey: ['console', 'shop', location.host],
    queryFn: () => staffCall(merchantsCalls.CheckDomainName, { domainName: location.host }),
    staleTime: Infinity,
  });
  return data?.CompanyName ?? '';
}
