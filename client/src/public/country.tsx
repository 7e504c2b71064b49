import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { GLOBAL_COUNTRY_ID } from '../../../shared/enums.js';
import { siteCountryCookie } from '../../../shared/site-country.js';

/**
 * Which country site the visitor sees. The server decides it for the first page (choice cookie, then IP); "More
 * Sites" changes it in the browser without a reload. Route loaders read `CountrySelection.id` (they run outside
 * React), components read the context.
 */
export class CountrySelection {
  #id: number;
  constructor(id: number) {
    this.#id = id;
  }
  get id(): number {
    return this.#id;
  }
  set(id: number): void {
    this.#id = id;
  }
}

interface CountrySite {
  countryId: number;
  /**
   * Switches to another country site: remembers the choice, loads that site's data with `reload` (the router's
   * revalidation, which runs the loaders for the new country) and only then shows it, so nothing flashes empty.
   */
  chooseCountry: (countryId: number, reload: () => Promise<void>) => Promise<void>;
}

const CountryContext = createContext<CountrySite>({
  countryId: GLOBAL_COUNTRY_ID,
  chooseCountry: () => Promise.resolve(),
});

export function CountryProvider({ selection, children }: { selection: CountrySelection; children: ReactNode }) {
  const [countryId, setCountryId] = useState(selection.id);
  const chooseCountry = useCallback(
    async (id: number, reload: () => Promise<void>) => {
      document.cookie = siteCountryCookie(id);
      const previous = selection.id;
      selection.set(id);
      try {
        await reload();
      } catch (error) {
        selection.set(previous);
        throw error;
      }
      setCountryId(id);
    },
    [selection],
  );
  const value = useMemo(() => ({ countryId, chooseCountry }), [countryId, chooseCountry]);
  return <CountryContext value={value}>{children}</CountryContext>;
}

export function useCountryId(): number {
  return useContext(CountryContext).countryId;
}

export function useChooseCountry(): CountrySite['chooseCountry'] {
  return useContext(CountryContext).chooseCountry;
}
