import { Alert } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { GLOBAL_COUNTRY_ID } from '../../../../../shared/enums.js';
import { CountrySelect, useCountryChoice } from '../../ui/CountrySelect.js';
import type { MediaItem, MediaKind } from './media-kinds.js';
import { MediaScreen } from './MediaScreen.js';

/**
 * Home → Gallery Picture / Gallery Video: the pictures or videos of one country's gallery (its /gallery page), a page
 * at a time, also of a country whose site is switched off; add some from the library or new ones into it, remove one
 * from this gallery, or delete it from the library with the shared-item rules ("Remove from <country>" or "Delete
 * everywhere").
 */
export function MediaGalleryScreen<Item extends MediaItem<Category>, Category extends string>({
  kind,
}: {
  kind: MediaKind<Item, Category>;
}) {
  const choice = useCountryChoice();
  const { country } = choice;
  const gallery = `${country?.name ?? ''}’s gallery`;
  return (
    <MediaScreen
      kind={kind}
      gallery={country ?? null}
      args={{ category: kind.galleryCategory, country_id: country?.id ?? GLOBAL_COUNTRY_ID }}
      label={`${kind.Many} in ${gallery}`}
      empty={`No ${kind.many} in ${gallery} yet.`}
      tools={<CountrySelect choice={choice} />}
    >
      {country?.is_enabled === 'DISABLE' ? (
        <Alert color="yellow" icon={<IconInfoCircle size={18} aria-hidden />}>
          {country.name}’s site is switched off: visitors see this gallery once it is enabled.
        </Alert>
      ) : null}
    </MediaScreen>
  );
}
