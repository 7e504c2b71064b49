import { useSuspenseQuery } from '@tanstack/react-query';
import { useTrpc } from '../trpc.js';
import { useCountryId } from './country.js';

/** The visitor's country site: its country, contact strip and enabled pages (already loaded by the route). */
export function useSiteLayout() {
  const trpc = useTrpc();
  const countryId = useCountryId();
  return useSuspenseQuery(trpc.site.layout.queryOptions({ countryId })).data;
}
