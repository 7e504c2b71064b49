import { IconCheck, IconWorld } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useMatches } from 'react-router';
import { notifyError } from '../../notify.js';
import { useTrpc } from '../../trpc.js';
import ui from '../ui/ui.module.css';
import { useDropdown } from './dropdown.js';
import classes from './layout.module.css';
import type { SiteCountry } from './layout-types.js';

/**
 * "More Sites" (spec §1, §2): the enabled country sites with their flags. Choosing one opens that country's site at
 * its own address, on the same page where it has it, and the choice is remembered (a cookie the server reads at the
 * root addresses). The list loads when it is first wanted (pointer over the button, focus, or opening), not with
 * every page.
 */
export function MoreSites({ current }: { current: SiteCountry }) {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const matches = useMatches();
  const { pathname } = useLocation();
  const dropdown = useDropdown();
  const [wanted, setWanted] = useState(false);
  const [switching, setSwitching] = useState(false);
  const countries = useQuery({ ...trpc.site.countries.queryOptions(), enabled: wanted || dropdown.open });

  async function choose(country: SiteCountry) {
    dropdown.close();
    if (country.id === current.id) return;
    setSwitching(true);
    try {
      const { goToCountrySite } = await import('./go-to-country-site.js');
      // The page is left: the spinner stays until the other site shows.
      await goToCountrySite(country, { queryClient, trpc, matches, pathname });
    } catch {
      notifyError('Could not switch the country site. Please try again.');
      setSwitching(false);
    }
  }

  const want = () => setWanted(true);
  return (
    <div {...dropdown.rootProps} className={classes.moreSites}>
      <button
        {...dropdown.buttonProps}
        onPointerEnter={want}
        onFocus={want}
        disabled={switching}
        aria-label={`More Sites (current site: ${current.name})`}
        className={`${ui.button} ${ui.white} ${ui.compact}`}
      >
        {switching ? <span className={ui.spinner} aria-hidden /> : <IconWorld size={16} aria-hidden />}
        More Sites
      </button>
      <ul {...dropdown.listProps} aria-label="Country sites" className={`${ui.plainList} ${classes.dropdown}`}>
        {/* A list item keeps its role (HTML allows no other in a list): the live region is the text inside it. */}
        {countries.isPending ? (
          <li className={classes.dropdownNote}>
            <span role="status">Loading the country sites…</span>
          </li>
        ) : countries.isError ? (
          <li className={classes.dropdownNote}>
            <span role="alert">Could not load the country sites. Please try again.</span>
          </li>
        ) : (
          countries.data.map((country) => (
            <li key={country.id}>
              <button
                type="button"
                className={classes.menuItem}
                aria-current={country.id === current.id ? 'true' : undefined}
                onClick={() => void choose(country)}
              >
                <span className={classes.countryChoice}>
                  {country.flag_url ? (
                    <img src={country.flag_url} alt="" width={24} height={16} className={classes.flag} />
                  ) : (
                    <span className={classes.flag} />
                  )}
                  {country.name}
                </span>
                {country.id === current.id ? <IconCheck size={14} aria-label="current site" /> : null}
              </button>
            </li>
          ))
        )}
      </ul>
    </div>
  );
}
