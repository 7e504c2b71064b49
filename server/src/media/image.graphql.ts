import { z } from 'zod';
import {
  addImagesToGalleryInput,
  allImagesInput,
  altText,
  deleteImageFromGalleryInput,
  deleteImageInput,
  galleryInput,
  imageCategory,
  imagesOfCategoryInput,
  unassignedImagesArgs,
  updateImageAltTextInput,
  type UnassignedImageKind,
} from '../../../shared/media.schema.js';
import { UPLOAD_MAX_FILES, UPLOAD_TOO_MANY_FILES_MESSAGE } from '../../../shared/media.js';
import { publicOperation, staffOperation, type GraphqlContext, type GraphqlModule } from '../graphql/operation.js';
import { countryOperation, staffCall } from '../graphql/service-operations.js';
import { connectionTypes } from '../graphql/base.graphql.js';
import { ofCategoryArgs } from './media-list.graphql.js';
import * as service from './image.service.js';
import { uploadArg } from './upload.js';

const unassigned = (kind: UnassignedImageKind) =>
  staffOperation({
    args: unassignedImagesArgs,
    resolve: (args, ctx) => service.getUnassignedImages(ctx.db, kind, args),
  });

export const imageGraphql: GraphqlModule = {
  typeDefs: `
"An uploaded image (spec §3)."
type Image {
  id: Int!
  image_name: String!
  image_url: String!
  category: ImageCategory!
  created_at: String!
  updated_at: String!
  "True when deleteImage without confirm would succeed."
  isDeletable: Boolean!
  "What the public site says of the picture to people who cannot see it."
  alt_text: String!
  "False while alt_text is still the starting value made from the file name."
  alt_text_reviewed: Boolean!
}

${connectionTypes('Image')}

extend type Query {
  "Every image, newest first. filter: part of the name."
  getAllImages(filter: String, first: Int, after: String): ImageConnection!
  """
  Images of a category. With GALLERY_IMAGES: country_id gives that country's gallery (enabled or not),
  not_in_gallery_of the images that country's gallery does not have. filter: part of the name.
  """
  getImagesOfCategory(
${ofCategoryArgs('ImageCategory')}
  ): ImageConnection!
  "A country's public gallery (enabled countries only)."
  getImagesFromGallery(country_id: Int!, first: Int, after: String): ImageConnection!
  "TESTIMONALS images no testimonial uses."
  getUnassignedTestimonialImages(filter: String, first: Int, after: String): ImageConnection!
  "TEAM images no team member uses."
  getUnassignedTeamImages(filter: String, first: Int, after: String): ImageConnection!
  "SOCIAL_MEDIA images no footer social media link uses."
  getUnassignedFooterSocialMediaImages(filter: String, first: Int, after: String): ImageConnection!
  "POPUP images no popup uses."
  getUnassignedPopupImages(filter: String, first: Int, after: String): ImageConnection!
  "BANNER images no banner uses."
  getUnassignedBannerImages(filter: String, first: Int, after: String): ImageConnection!
}

extend type Mutation {
  """
  Stores the images (all or none), each named after its file. alt_texts: each image's alternative text, in order
  (at most 250 characters each); without it each starts from its file name's words, to be reviewed.
  """
  uploadImages(images: [Upload!]!, category: ImageCategory!, alt_texts: [String!]): [Image!]!
  "Changes an image's alternative text; it is then reviewed."
  updateImageAltText(id: Int!, alt_text: String!): Image!
  "Adds GALLERY_IMAGES images to a country's gallery; adding one twice is harmless."
  addImagesToGallery(image_ids: [Int!]!, country_id: Int!): [Image!]!
  deleteImageFromGallery(image_id: Int!, country_id: Int!): DeleteResult!
  deleteImage(image_id: Int!, confirm: Boolean): DeleteResult!
}`,
  Query: {
    getAllImages: staffCall(allImagesInput, service.getAllImages),
    getImagesOfCategory: staffCall(imagesOfCategoryInput, service.getImagesOfCategory),
    getImagesFromGallery: publicOperation({
      args: galleryInput,
      resolve: (args, ctx) => service.getImagesFromGallery(ctx.db, args),
    }),
    getUnassignedTestimonialImages: unassigned('testimonial'),
    getUnassignedTeamImages: unassigned('team'),
    getUnassignedFooterSocialMediaImages: unassigned('footerSocialMedia'),
    getUnassignedPopupImages: unassigned('popup'),
    getUnassignedBannerImages: unassigned('banner'),
  },
  Mutation: {
    uploadImages: staffOperation({
      receivesFiles: true,
      args: z.object({
        // The endpoint counts files (maxFiles); this counts uses, as one file may be mapped to many variables.
        images: z
          .array(uploadArg, { error: 'Choose at least one image' })
          .min(1, 'Choose at least one image')
          .max(UPLOAD_MAX_FILES, UPLOAD_TOO_MANY_FILES_MESSAGE),
        category: imageCategory,
        alt_texts: z.array(altText).max(UPLOAD_MAX_FILES, UPLOAD_TOO_MANY_FILES_MESSAGE).nullish(),
      }),
      resolve: (args, ctx) => service.uploadImages(ctx.db, args.images, args.category, ctx.actor, args.alt_texts),
    }),
    updateImageAltText: staffCall(updateImageAltTextInput, service.updateImageAltText),
    addImagesToGallery: countryOperation(addImagesToGalleryInput, service.addImagesToGallery),
    deleteImageFromGallery: countryOperation(deleteImageFromGalleryInput, service.deleteImageFromGallery),
    deleteImage: staffCall(deleteImageInput, service.deleteImage),
  },
  types: {
    Image: {
      // Lists compute it in their query; images attached to other entities are looked up per request.
      isDeletable: (image: { id: number; isDeletable?: boolean }, _args: unknown, ctx: GraphqlContext) =>
        image.isDeletable ?? service.imageIsDeletable(ctx.db, ctx, image.id).then((value) => value ?? false),
    },
  },
};
