import { Select, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { MediaItem, MediaKind } from './media-kinds.js';
import { optionsOf, useNameSearch } from './media-parts.js';
import { MediaScreen } from './MediaScreen.js';

/**
 * Resources → Gallery Picture / Gallery Video: every picture or video of the library (spec §3 "Image", "Video"), by
 * category and name, a page at a time; bring new ones in (upload pictures, add a video by its link), edit a video or
 * a picture's alternative text, and delete with the shared-item rules (never one an item uses, spec §4).
 */
export function MediaLibraryScreen<Item extends MediaItem<Category>, Category extends string>({
  kind,
}: {
  kind: MediaKind<Item, Category>;
}) {
  const [category, setCategory] = useState<Category | null>(null);
  const { input, filter } = useNameSearch();
  return (
    <MediaScreen
      kind={kind}
      args={{ category, filter }}
      label={category ? kind.libraryLabel(category) : `${kind.Many} in the library`}
      empty={filter || category ? `No ${kind.one} matches.` : kind.emptyLibrary}
      tools={
        <>
          <Select
            label="Category"
            placeholder="All categories"
            clearable
            w={200}
            data={optionsOf(kind.categoryLabels)}
            value={category}
            onChange={setCategory}
          />
          <TextInput label="Search by name" {...input} />
        </>
      }
    />
  );
}
