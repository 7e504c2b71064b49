import { Button, Menu } from '@mantine/core';
import { IconCheck, IconWorld } from '@tabler/icons-react';
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { notifyError } from '../../notify.js';
import { useChooseCountry } from '../country.js';
import type { SiteCountry } from './layout-types.js';

/**
 * "More Sites" (spec §1, §2): the enabled country sites with their flags. Choosing one reloads every part of the
 * page for that country without a full page load, and the choice is remembered (a cookie the server reads).
 */
export function MoreSites({ countries, current }: { countries: SiteCountry[]; current: SiteCountry }) {
  const chooseCountry = useChooseCountry();
  const revalidator = useRevalidator();
  const [switching, setSwitching] = useState(false);

  async function choose(countryId: number) {
    if (countryId === current.id) return;
    setSwitching(true);
    try {
      await chooseCountry(countryId, () => revalidator.revalidate());
    } catch {
      notifyError('Could not switch the country site. Please try again.');
    } finally {
      setSwitching(false);
    }
  }

  return (
    <Menu position="bottom-end" withinPortal loop>
      <Menu.Target>
        <Button
          size="compact-sm"
          variant="white"
          color="dark"
          loading={switching}
          leftSection={<IconWorld size={16} aria-hidden />}
          aria-label={`More Sites (current site: ${current.name})`}
        >
          More Sites
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Country sites</Menu.Label>
        {countries.map((country) => (
          <Menu.Item
            key={country.id}
            onClick={() => void choose(country.id)}
            leftSection={
              country.flag_url ? (
                <img src={country.flag_url} alt="" width={24} height={16} style={{ objectFit: 'cover' }} />
              ) : null
            }
            rightSection={country.id === current.id ? <IconCheck size={14} aria-label="current site" /> : null}
          >
            {country.name}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
