import type { Migration } from 'kysely/migration';
import * as initialSchema from './20261122-0001-initial-schema.js';
import * as identityProvider from './20261122-0002-identity-provider.js';
import * as pageContent from './20261122-0003-page-content.js';
import * as revokedAccessTokens from './20261124-0004-revoked-access-tokens.js';
import * as mediaOwners from './20261125-0005-media-owners.js';
import * as pageCacheNotifications from './20261125-0006-page-cache-notifications.js';
import * as mails from './20261125-0007-mails.js';
import * as leads from './20261125-0008-leads.js';
import * as webhooks from './20261125-0009-webhooks.js';
import * as siteSettings from './20261125-0010-site-settings.js';
import * as staffPictures from './20261125-0011-staff-pictures.js';
import * as leadEligibility from './20261125-0012-lead-eligibility.js';
import * as chatBranchesOnEveryPage from './20261126-0013-chat-branches-on-every-page.js';
import * as pageFaqs from './20261126-0014-page-faqs.js';
import * as homeServiceLinks from './20261126-0015-home-service-links.js';
import * as bannerCountries from './20261126-0016-banner-countries.js';
import * as blogPosts from './20261128-0017-blog-posts.js';
import * as auditLog from './20261128-0018-audit-log.js';
import * as drafts from './20261128-0019-drafts.js';
import * as startingContent from './20261129-0020-starting-content.js';
import * as branchWhatsapp from './20261130-0021-branch-whatsapp.js';
import * as leadReplies from './20261130-0022-lead-replies.js';
import * as replyTemplates from './20261130-0023-reply-templates.js';
import * as leadSources from './20261130-0024-lead-sources.js';
import * as appointmentPreferences from './20261130-0025-appointment-preferences.js';
import * as arrangedAppointments from './20261130-0026-arranged-appointments.js';
import * as appointmentReminders from './20261130-0027-appointment-reminders.js';
import * as appointmentInvitations from './20261130-0028-appointment-invitations.js';
import * as branchTimeZones from './20261130-0029-branch-time-zones.js';
import * as appointmentLengths from './20261130-0030-appointment-lengths.js';
import * as branchOpeningHours from './20261201-0031-branch-opening-hours.js';
import * as branchClosures from './20261201-0032-branch-closures.js';
import * as leadAnswers from './20261202-0033-lead-answers.js';
import * as awaitingReply from './20261202-0034-awaiting-reply.js';
import * as staffMailInConversation from './20261202-0035-staff-mail-in-conversation.js';
import * as appointmentKeys from './20261207-0036-appointment-keys.js';
import * as countryAddresses from './20261207-0037-country-addresses.js';
import * as countryPageTexts from './20261208-0038-country-page-texts.js';
import * as imageAltText from './20261208-0039-image-alt-text.js';

export const migrations: Record<string, Migration> = {
  '20261122-0001-initial-schema': initialSchema,
  '20261122-0002-identity-provider': identityProvider,
  '20261122-0003-page-content': pageContent,
  '20261124-0004-revoked-access-tokens': revokedAccessTokens,
  '20261125-0005-media-owners': mediaOwners,
  '20261125-0006-page-cache-notifications': pageCacheNotifications,
  '20261125-0007-mails': mails,
  '20261125-0008-leads': leads,
  '20261125-0009-webhooks': webhooks,
  '20261125-0010-site-settings': siteSettings,
  '20261125-0011-staff-pictures': staffPictures,
  '20261125-0012-lead-eligibility': leadEligibility,
  '20261126-0013-chat-branches-on-every-page': chatBranchesOnEveryPage,
  '20261126-0014-page-faqs': pageFaqs,
  '20261126-0015-home-service-links': homeServiceLinks,
  '20261126-0016-banner-countries': bannerCountries,
  '20261128-0017-blog-posts': blogPosts,
  '20261128-0018-audit-log': auditLog,
  '20261128-0019-drafts': drafts,
  '20261129-0020-starting-content': startingContent,
  '20261130-0021-branch-whatsapp': branchWhatsapp,
  '20261130-0022-lead-replies': leadReplies,
  '20261130-0023-reply-templates': replyTemplates,
  '20261130-0024-lead-sources': leadSources,
  '20261130-0025-appointment-preferences': appointmentPreferences,
  '20261130-0026-arranged-appointments': arrangedAppointments,
  '20261130-0027-appointment-reminders': appointmentReminders,
  '20261130-0028-appointment-invitations': appointmentInvitations,
  '20261130-0029-branch-time-zones': branchTimeZones,
  '20261130-0030-appointment-lengths': appointmentLengths,
  '20261201-0031-branch-opening-hours': branchOpeningHours,
  '20261201-0032-branch-closures': branchClosures,
  '20261202-0033-lead-answers': leadAnswers,
  '20261202-0034-awaiting-reply': awaitingReply,
  '20261202-0035-staff-mail-in-conversation': staffMailInConversation,
  '20261207-0036-appointment-keys': appointmentKeys,
  '20261207-0037-country-addresses': countryAddresses,
  '20261208-0038-country-page-texts': countryPageTexts,
  '20261208-0039-image-alt-text': imageAltText,
};
