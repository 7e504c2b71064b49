/**
 * The arguments of a library list of one category (getImagesOfCategory, getVideosOfCategory): the category, the
 * gallery filters of media-list.ts, part of the name, and the cursor page.
 */
export const ofCategoryArgs = (categoryEnum: string) => `    category: ${categoryEnum}!
    country_id: Int
    not_in_gallery_of: Int
    filter: String
    first: Int
    after: String`;
