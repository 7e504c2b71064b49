/**
 * Results of delete-style operations (spec §4), plus full-delete codes where the spec names none.
 * The admin client shows `message`; `errorCode` says what happened.
 */
export const DELETE_RESULT_CODES = [
  'DELETED_BANNER_FROM_PAGE',
  'DELETED_BANNER',
  'DELETED_BRANCH_CLOSURE',
  'DELETED_BRANCH',
  'DELETED_FOOTER_SOCIAL_MEDIA',
  'DELETED_IMAGE_FROM_COUNTRY_GALLERY',
  'DELETED_IMAGE',
  'DELETED_PAGE',
  'DELETED_POPUP_FROM_COUNTRY',
  'DELETED_POPUP',
  'DELETED_POST_FROM_COUNTRY',
  'DELETED_POST',
  'DELETED_REPLY_TEMPLATE',
  'DELETED_SERVICE',
  'DELETED_TEAM_FROM_COUNTRY',
  'DELETED_TEAM',
  'DELETED_TESTIMONAL_FROM_COUNTRY',
  'DELETED_TESTIMONAL',
  'DELETED_VIDEO_FROM_COUNTRY_GALLERY',
  'DELETED_VIDEO',
  'LINKED_WITH_OTHER_COUNTRIES',
  'LINKED_WITH_OTHER_ENTITIES',
  'LINKED_WITH_OTHER_PAGES',
] as const;
export type DeleteResultCode = (typeof DELETE_RESULT_CODES)[number];

export interface DeleteResult {
  success: boolean;
  message: string;
  errorCode: DeleteResultCode;
}

const MESSAGES: Record<DeleteResultCode, string> = {
  DELETED_BANNER_FROM_PAGE: 'Banner removed from the page.',
  DELETED_BANNER: 'Banner deleted.',
  DELETED_BRANCH_CLOSURE: 'Closure deleted.',
  DELETED_BRANCH: 'Branch deleted.',
  DELETED_FOOTER_SOCIAL_MEDIA: 'Social media link deleted.',
  DELETED_IMAGE_FROM_COUNTRY_GALLERY: 'Image removed from the gallery.',
  DELETED_IMAGE: 'Image deleted.',
  DELETED_PAGE: 'Page Deleted Successfully!',
  DELETED_POPUP_FROM_COUNTRY: 'Popup removed from the country.',
  DELETED_POPUP: 'Popup deleted.',
  DELETED_POST_FROM_COUNTRY: 'Post removed from the country.',
  DELETED_POST: 'Post deleted.',
  DELETED_REPLY_TEMPLATE: 'Reply template deleted.',
  DELETED_SERVICE: 'Service deleted.',
  DELETED_TEAM_FROM_COUNTRY: 'Team member removed from the country.',
  DELETED_TEAM: 'Team member deleted.',
  DELETED_TESTIMONAL_FROM_COUNTRY: 'Testimonial removed from the country.',
  DELETED_TESTIMONAL: 'Testimonial deleted.',
  DELETED_VIDEO_FROM_COUNTRY_GALLERY: 'Video removed from the gallery.',
  DELETED_VIDEO: 'Video deleted.',
  LINKED_WITH_OTHER_COUNTRIES:
    'It is used by other countries. Remove it from this country, or confirm to delete it everywhere.',
  LINKED_WITH_OTHER_ENTITIES: 'This image is in use and cannot be deleted.',
  LINKED_WITH_OTHER_PAGES: 'It is shown on other pages. Remove it from this page, or confirm to delete it everywhere.',
};

export function deleteResult(errorCode: DeleteResultCode): DeleteResult {
  const success = !errorCode.startsWith('LINKED_');
  return { success, message: MESSAGES[errorCode], errorCode };
}
