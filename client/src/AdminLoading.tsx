import { Center, Loader } from '@mantine/core';

/** Shown while the admin chunk loads and the session is checked (kept out of the admin chunk on purpose). */
export function AdminLoading() {
  return (
    <Center h="100vh">
      <Loader role="status" aria-label="Loading the staff area" />
    </Center>
  );
}
