import {
  addImagesToGalleryInput,
  addVideoInput,
  addVideosToGalleryInput,
  allImagesInput,
  allVideosInput,
  deleteImageFromGalleryInput,
  deleteImageInput,
  deleteVideoFromGalleryInput,
  deleteVideoInput,
  galleryInput,
  imagesOfCategoryInput,
  mediaRefusalsInput,
  unassignedImagesInput,
  updateImageAltTextInput,
  updateVideoInput,
  videosOfCategoryInput,
} from '../../../shared/media.schema.js';
import { publicProcedure, router, staffProcedure } from '../trpc/trpc.js';
import * as images from './image.service.js';
import * as videos from './video.service.js';

/** Images and videos. Uploads go through GraphQL (`uploadImages`, a multipart request), not tRPC. */
export const mediaRouter = router({
  allImages: staffProcedure.input(allImagesInput).query(({ ctx, input }) => images.getAllImages(ctx.db, input)),
  imagesOfCategory: staffProcedure
    .input(imagesOfCategoryInput)
    .query(({ ctx, input }) => images.getImagesOfCategory(ctx.db, input)),
  imagesFromGallery: publicProcedure
    .input(galleryInput)
    .query(({ ctx, input }) => images.getImagesFromGallery(ctx.db, input)),
  unassignedImages: staffProcedure
    .input(unassignedImagesInput)
    .query(({ ctx, input: { kind, ...args } }) => images.getUnassignedImages(ctx.db, kind, args)),
  addImagesToGallery: staffProcedure
    .meta({ countryInput: 'country_id' })
    .input(addImagesToGalleryInput)
    .mutation(({ ctx, input }) => images.addImagesToGallery(ctx.db, input, ctx.actor)),
  deleteImageFromGallery: staffProcedure
    .meta({ countryInput: 'country_id' })
    .input(deleteImageFromGalleryInput)
    .mutation(({ ctx, input }) => images.deleteImageFromGallery(ctx.db, input)),
  imageRefusals: staffProcedure
    .input(mediaRefusalsInput)
    .query(({ ctx, input }) => images.getImageRefusals(ctx.db, input, ctx.actor)),
  deleteImage: staffProcedure
    .input(deleteImageInput)
    .mutation(({ ctx, input }) => images.deleteImage(ctx.db, input, ctx.actor)),
  updateImageAltText: staffProcedure
    .input(updateImageAltTextInput)
    .mutation(({ ctx, input }) => images.updateImageAltText(ctx.db, input, ctx.actor)),

  allVideos: staffProcedure.input(allVideosInput).query(({ ctx, input }) => videos.getAllVideos(ctx.db, input)),
  videosOfCategory: staffProcedure
    .input(videosOfCategoryInput)
    .query(({ ctx, input }) => videos.getVideosOfCategory(ctx.db, input)),
  videosFromGallery: publicProcedure
    .input(galleryInput)
    .query(({ ctx, input }) => videos.getVideosFromGallery(ctx.db, input)),
  addVideo: staffProcedure.input(addVideoInput).mutation(({ ctx, input }) => videos.addVideo(ctx.db, input, ctx.actor)),
  updateVideo: staffProcedure
    .input(updateVideoInput)
    .mutation(({ ctx, input }) => videos.updateVideo(ctx.db, input, ctx.actor)),
  videoRefusals: staffProcedure
    .input(mediaRefusalsInput)
    .query(({ ctx, input }) => videos.getVideoRefusals(ctx.db, input, ctx.actor)),
  deleteVideo: staffProcedure
    .input(deleteVideoInput)
    .mutation(({ ctx, input }) => videos.deleteVideo(ctx.db, input, ctx.actor)),
  addVideosToGallery: staffProcedure
    .meta({ countryInput: 'country_id' })
    .input(addVideosToGalleryInput)
    .mutation(({ ctx, input }) => videos.addVideosToGallery(ctx.db, input, ctx.actor)),
  deleteVideoFromGallery: staffProcedure
    .meta({ countryInput: 'country_id' })
    .input(deleteVideoFromGalleryInput)
    .mutation(({ ctx, input }) => videos.deleteVideoFromGallery(ctx.db, input)),
});
