import {
  addVideoInput,
  addVideosToGalleryInput,
  allVideosInput,
  deleteVideoFromGalleryInput,
  deleteVideoInput,
  galleryInput,
  updateVideoInput,
  videosOfCategoryInput,
} from '../../../shared/media.schema.js';
import { publicOperation, type GraphqlContext, type GraphqlModule } from '../graphql/operation.js';
import { countryOperation, staffCall } from '../graphql/service-operations.js';
import { connectionTypes } from '../graphql/base.graphql.js';
import { ofCategoryArgs } from './media-list.graphql.js';
import * as service from './video.service.js';

export const videoGraphql: GraphqlModule = {
  typeDefs: `
"A video link (spec §3)."
type Video {
  id: Int!
  video_url: String!
  video_name: String!
  category: VideoCategory!
  "True when deleteVideo without confirm would succeed."
  isDeletable: Boolean!
  created_at: String!
  updated_at: String!
}

${connectionTypes('Video')}

extend type Query {
  "Every video, newest first. filter: part of the name."
  getAllVideos(filter: String, first: Int, after: String): VideoConnection!
  """
  Videos of a category. With GALLERY_VIDEOS: country_id gives that country's gallery (enabled or not),
  not_in_gallery_of the videos that country's gallery does not have. filter: part of the name.
  """
  getVideosOfCategory(
${ofCategoryArgs('VideoCategory')}
  ): VideoConnection!
  "A country's public video gallery (enabled countries only)."
  getVideosFromGallery(country_id: Int!, first: Int, after: String): VideoConnection!
}

extend type Mutation {
  addVideo(video_url: String!, video_name: String!, category: VideoCategory!): Video!
  "Changes the given fields."
  updateVideo(id: Int!, video_url: String, video_name: String): Video!
  deleteVideo(video_id: Int!, confirm: Boolean): DeleteResult!
  "Adds GALLERY_VIDEOS videos to a country's gallery; adding one twice is harmless."
  addVideosToGallery(video_ids: [Int!]!, country_id: Int!): [Video!]!
  deleteVideoFromGallery(video_id: Int!, country_id: Int!): DeleteResult!
}`,
  Query: {
    getAllVideos: staffCall(allVideosInput, service.getAllVideos),
    getVideosOfCategory: staffCall(videosOfCategoryInput, service.getVideosOfCategory),
    getVideosFromGallery: publicOperation({
      args: galleryInput,
      resolve: (args, ctx) => service.getVideosFromGallery(ctx.db, args),
    }),
  },
  Mutation: {
    addVideo: staffCall(addVideoInput, service.addVideo),
    updateVideo: staffCall(updateVideoInput, service.updateVideo),
    deleteVideo: staffCall(deleteVideoInput, service.deleteVideo),
    addVideosToGallery: countryOperation(addVideosToGalleryInput, service.addVideosToGallery),
    deleteVideoFromGallery: countryOperation(deleteVideoFromGalleryInput, service.deleteVideoFromGallery),
  },
  types: {
    Video: {
      // Lists compute it in their query; videos attached to other entities are looked up per request.
      isDeletable: (video: { id: number; isDeletable?: boolean }, _args: unknown, ctx: GraphqlContext) =>
        video.isDeletable ?? service.videoIsDeletable(ctx.db, ctx, video.id).then((value) => value ?? false),
    },
  },
};
