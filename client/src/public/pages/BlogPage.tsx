import type { JSX } from 'react';
import { ContentPage } from './ServicePage.js';
import type { SitePageProps } from './site-data.js';

/** The blog (spec §2): its banners and text. */
export function BlogPage({ path }: SitePageProps): JSX.Element {
  return <ContentPage path={path} callToAction={false} />;
}
