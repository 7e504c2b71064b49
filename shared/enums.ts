/**
 * The enumerations of the specification (§3), spelled exactly as on the wire.
 * The database enums (migrations), the GraphQL enums and the zod schemas are all built from these lists,
 * and a test checks that the database labels match them.
 */
export const IMAGE_CATEGORIES = [
  'BANNER',
  'BLOG',
  'GALLERY_IMAGES',
  'POPUP',
  'SERVICES',
  'SOCIAL_MEDIA',
  'TEAM',
  'TESTIMONALS',
] as const;
export type ImageCategory = (typeof IMAGE_CATEGORIES)[number];

export const VIDEO_CATEGORIES = ['ABOUT_US', 'GALLERY_VIDEOS'] as const;
export type VideoCategory = (typeof VIDEO_CATEGORIES)[number];

export const HEAR_ABOUT_US = ['FRIENDS', 'OTHER', 'SOCIAL_MEDIA'] as const;
export type HearAboutUs = (typeof HEAR_ABOUT_US)[number];

export const INTERESTED_SERVICES = ['EDUCATION', 'INSURANCE', 'OTHER', 'VISA_AND_MIGRATION'] as const;
export type InterestedService = (typeof INTERESTED_SERVICES)[number];

export const ENABLE_STATUSES = ['ENABLE', 'DISABLE'] as const;
export type EnableStatus = (typeof ENABLE_STATUSES)[number];

export const POLICY_TYPES = ['COUPLE', 'FAMILY', 'SINGLE'] as const;
export type PolicyType = (typeof POLICY_TYPES)[number];

export const GENERAL_FORM_SERVICES = [
  'HEALTH_INSURANCE',
  'LANGUAGE_PREPARATION',
  'OTHERS',
  'STUDY_ABROAD',
  'VISA_AND_MIGRATION',
] as const;
export type GeneralFormService = (typeof GENERAL_FORM_SERVICES)[number];

/** Staff roles (not in the spec's table; see docs/decisions). */
export const STAFF_ROLES = ['ADMIN', 'EDITOR'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** The country every visitor falls back to (spec §1, §9). */
export const GLOBAL_COUNTRY_ID = 1;
