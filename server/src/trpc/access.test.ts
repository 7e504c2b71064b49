import { describe, expect, it } from 'vitest';
import { appRouter } from './router.js';
import type { ProcedureMeta } from './trpc.js';

/** Every operation with the access it declares: the guard refuses a procedure that declares none. */
function accessTable(): Record<string, string | undefined> {
  const procedures = appRouter._def.procedures as unknown as Record<
    string,
    { _def: { meta?: ProcedureMeta; type: string } }
  >;
  const rows = Object.entries(procedures).map(([path, procedure]): [string, string | undefined] => {
    const meta = procedure._def.meta;
    return [path, meta?.countryInput ? `${meta.access}, country from ${meta.countryInput}` : meta?.access];
  });
  return Object.fromEntries(rows.sort(([a], [b]) => a.localeCompare(b)));
}

describe('operation access', () => {
  it('is declared by every procedure', () => {
    const undeclared = Object.entries(accessTable()).filter(([, access]) => !access);
    expect(undeclared).toEqual([]);
  });

  it('matches the reviewed list (update it deliberately when adding operations)', () => {
    expect(accessTable()).toEqual({
      'banner.add': 'staff',
      'banner.addToPage': 'staff',
      'banner.delete': 'staff',
      'banner.getAll': 'staff',
      'banner.ofPage': 'public',
      'banner.removeFromPage': 'staff',
      'banner.update': 'staff',
      'branch.add': 'staff, country from country_id',
      'branch.delete': 'staff',
      'branch.getAll': 'public',
      'branch.getOfCountry': 'public',
      'branch.update': 'staff',
      'country.add': 'admin',
      'country.getAll': 'public',
      'country.update': 'admin',
      'footerSocialMedia.add': 'staff, country from country_id',
      'footerSocialMedia.delete': 'staff',
      'footerSocialMedia.get': 'public',
      'footerSocialMedia.update': 'staff',
      'forms.contactUs': 'public',
      'forms.contactUsEntries': 'staff, country from country_id',
      'forms.contactUsEntriesExport': 'staff, country from country_id',
      'forms.generalForm': 'public',
      'forms.generalFormEntries': 'staff, country from country_id',
      'forms.generalFormEntriesExport': 'staff, country from country_id',
      'forms.oshc': 'public',
      'forms.oshcEntries': 'staff, country from country_id',
      'forms.oshcEntriesExport': 'staff, country from country_id',
      'googleMap.add': 'staff, country from country_id',
      'googleMap.get': 'public',
      'googleMap.update': 'staff',
      'headerContactInfo.add': 'staff, country from country_id',
      'headerContactInfo.get': 'public',
      'headerContactInfo.update': 'staff',
      'home.aboutUs': 'public',
      'home.addAboutUs': 'staff, country from country_id',
      'home.addService': 'staff, country from country_id',
      'home.deleteService': 'staff',
      'home.services': 'public',
      'home.updateAboutUs': 'staff',
      'home.updateService': 'staff',
      'leads.addNote': 'staff',
      'leads.assignableStaff': 'staff',
      'leads.dashboard': 'staff',
      'leads.eraseByEmail': 'admin',
      'leads.exportByEmail': 'admin',
      'leads.get': 'staff',
      'leads.list': 'staff',
      'leads.newCount': 'staff',
      'leads.privacyRequests': 'admin',
      'leads.update': 'staff',
      'mail.outbox': 'staff',
      'me.get': 'staff',
      'media.addImagesToGallery': 'staff, country from country_id',
      'media.addVideo': 'staff',
      'media.addVideosToGallery': 'staff, country from country_id',
      'media.allImages': 'staff',
      'media.allVideos': 'staff',
      'media.deleteImage': 'staff',
      'media.deleteImageFromGallery': 'staff, country from country_id',
      'media.deleteVideo': 'staff',
      'media.deleteVideoFromGallery': 'staff, country from country_id',
      'media.imagesFromGallery': 'public',
      'media.imagesOfCategory': 'staff',
      'media.unassignedImages': 'staff',
      'media.updateVideo': 'staff',
      'media.videosFromGallery': 'public',
      'media.videosOfCategory': 'staff',
      'page.addToCountry': 'staff, country from country_id',
      'page.content': 'staff',
      'page.deleteFromCountry': 'staff, country from country_id',
      'page.getAll': 'staff',
      'page.getInBanner': 'staff',
      'page.getOfCountry': 'public',
      'page.ofCountryPaged': 'staff',
      'page.updateContent': 'admin',
      'popup.add': 'staff, country from country_ids',
      'popup.addToCountry': 'staff, country from country_id',
      'popup.delete': 'staff',
      'popup.getAll': 'staff',
      'popup.ofCountry': 'public',
      'popup.removeFromCountry': 'staff, country from country_id',
      'popup.update': 'staff',
      'site.branches': 'public',
      'site.countries': 'public',
      'site.galleryImages': 'public',
      'site.galleryVideos': 'public',
      'site.home': 'public',
      'site.layout': 'public',
      'site.page': 'public',
      'site.team': 'public',
      'staff.add': 'admin',
      'staff.list': 'admin',
      'staff.setActive': 'admin',
      'staff.update': 'admin',
      'team.add': 'staff, country from country_ids',
      'team.addToOtherCountry': 'staff, country from country_id',
      'team.delete': 'staff',
      'team.deleteFromCountry': 'staff, country from country_id',
      'team.getAll': 'staff',
      'team.getCountryCertificates': 'public',
      'team.getOfCountry': 'public',
      'team.update': 'staff',
      'testimonial.add': 'staff, country from country_ids',
      'testimonial.addToCountry': 'staff, country from country_id',
      'testimonial.delete': 'staff',
      'testimonial.getAll': 'staff',
      'testimonial.ofCountry': 'public',
      'testimonial.removeFromCountry': 'staff, country from country_id',
      'testimonial.update': 'staff',
    });
  });
});
