import { SimpleGrid, Tabs } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';

/** A form beside its live preview on a wide screen; on a narrower one, the two behind "Write" and "Preview" tabs. */
export function WriteAndPreview({ write, preview }: { write: ReactNode; preview: ReactNode }) {
  const wide = useMediaQuery('(min-width: 75em)', false, { getInitialValueInEffect: false });
  if (wide) {
    return (
      <SimpleGrid cols={2} spacing="lg">
        {write}
        {preview}
      </SimpleGrid>
    );
  }
  return (
    <Tabs defaultValue="write" keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value="write">Write</Tabs.Tab>
        <Tabs.Tab value="preview">Preview</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="write" pt="md">
        {write}
      </Tabs.Panel>
      <Tabs.Panel value="preview" pt="md">
        {preview}
      </Tabs.Panel>
    </Tabs>
  );
}
