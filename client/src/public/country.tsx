import { createContext, useContext, type ReactNode } from 'react';
import { GLOBAL_COUNTRY_ID } from '../../../shared/enums.js';

/**
 * Which country site the page is of. The server decides it: the country whose address the page is at (`/np/…`,
 * decision 066), or at the root the visitor's choice, their IP's country, or Global. Route loaders read
 * `CountrySelection.id` (they run outside React), components read the context.
 */
export class CountrySelection {
  constructor(
    readonly id: number,
    /** Its site's address code (`np`); null: none (Global). */
    readonly code: string | null,
  ) {}
}

const CountryContext = createContext<number>(GLOBAL_COUNTRY_ID);

export function CountryProvider({ selection, children }: { selection: CountrySelection; children: ReactNode }) {
  return <CountryContext value={selection.id}>{children}</CountryContext>;
}

export function useCountryId(): number {
  return useContext(CountryContext);
}
