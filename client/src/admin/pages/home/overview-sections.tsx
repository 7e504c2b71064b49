import { Stack, Text } from '@mantine/core';
import { withCountry } from '../../ui/CountrySelect.js';
import * as Home from './home-sections.js';

/** The home page's sections in their order, each with its count, a few of its items and the screen that edits it. */
export function sectionsOf(home: Home.HomeOverview): Home.HomeSectionProps[] {
  const { aboutUs, services, testimonials, pictures, videos, banners, popups, country } = home;
  const at = (path: string) => withCountry(path, country.id);
  return [
    {
      title: 'About Us',
      to: at('/admin/home/about-us'),
      edit: aboutUs ? 'Edit About Us' : 'Add About Us',
      empty: ['No About Us yet', 'Add About Us'],
      body: aboutUs ? <Home.AboutUsSummary aboutUs={aboutUs} /> : null,
    },
    {
      title: 'Services',
      to: at('/admin/home/services'),
      of: services,
      empty: ['No services yet', 'Add a service'],
      body: <Home.ItemList w={40} items={services.items.map((s) => ({ id: s.id, url: s.image.url, name: s.title }))} />,
    },
    {
      title: 'Testimonials',
      to: at('/admin/home/testimonials'),
      of: testimonials,
      empty: [`No testimonials shown on ${country.name} yet`, 'Add a testimonial'],
      noun: 'testimonials',
      body: (
        <Home.ItemList
          w={40}
          round
          items={testimonials.items.map((t) => ({
            ...{ id: t.id, url: t.image.url, name: t.name },
            about: `${t.relation} · rated ${t.rating} of 5`,
          }))}
        />
      ),
    },
    {
      title: 'Gallery pictures',
      to: at('/admin/home/gallery-picture'),
      of: pictures,
      empty: ['No gallery pictures yet', 'Add pictures'],
      noun: 'pictures',
      body: <Home.PictureGrid pictures={pictures.items} />,
    },
    {
      title: 'Gallery videos',
      to: at('/admin/home/gallery-video'),
      of: videos,
      empty: ['No gallery videos yet', 'Add videos'],
      noun: 'videos',
      body: <Home.VideoGrid videos={videos.items} />,
    },
    {
      title: 'Banners',
      // Banners belong to pages, not countries.
      to: '/admin/banner',
      of: banners,
      empty: ['No banner on the Home page yet', 'Add a banner'],
      body: (
        <Stack gap="xs">
          <Home.ItemList
            w={72}
            h={40}
            items={banners.items.map((b) => ({ id: b.id, url: b.image.url, name: b.title }))}
          />
          <Text size="xs">Banners of the Home page show on every country site that has it.</Text>
        </Stack>
      ),
    },
    {
      title: 'Popup',
      to: at('/admin/popup'),
      edit: 'Edit popups',
      of: popups,
      empty: [`No popup for ${country.name} yet`, 'Add a popup'],
      body: <Home.PopupSummary popups={popups} />,
    },
  ];
}
