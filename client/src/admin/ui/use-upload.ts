import { useState } from 'react';
import { graphqlUpload, type UploadFile } from '../graphql-upload.js';

/**
 * Sends files with a GraphQL multipart request (tRPC has no upload path), keeping the upload's progress for a
 * progress bar: 0–1 while it runs, null when none is under way.
 */
export function useUpload() {
  const [progress, setProgress] = useState<number | null>(null);
  const upload = async <T>(query: string, variables: Record<string, unknown>, files: readonly UploadFile[]) => {
    setProgress(0);
    try {
      return await graphqlUpload<T>(query, variables, files, setProgress);
    } finally {
      setProgress(null);
    }
  };
  return { progress, upload };
}
