import { createContext, useContext } from 'react';
import { GLOBAL_COUNTRY_ID } from '../../../shared/enums.js';

export const CountryIdContext = createContext<number>(GLOBAL_COUNTRY_ID);

export function useCountryId(): number {
  return useContext(CountryIdContext);
}
