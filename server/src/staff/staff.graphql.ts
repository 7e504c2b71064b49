import { staffPictureArgs } from '../../../shared/staff.schema.js';
import { staffOperation, type GraphqlModule } from '../graphql/operation.js';
import { uploadArg } from '../media/upload.js';
import * as service from './staff.service.js';

/** Not in the spec: the staff area uploads pictures here because tRPC has no upload path (decision 033). */
export const staffGraphql: GraphqlModule = {
  typeDefs: `
"A staff member's picture after a change: the top bar and the staff list show it."
type StaffPicture {
  staff_id: Int!
  "Null when they have no uploaded picture."
  picture_url: String
}

extend type Mutation {
  """
  Staff: their own picture; ADMIN: anyone's. \`image\` is required: a PNG, JPEG, WebP, AVIF or GIF (multipart
  upload).
  """
  uploadStaffPicture(staff_id: Int!, image: Upload): StaffPicture!
}`,
  Mutation: {
    uploadStaffPicture: staffOperation({
      receivesFiles: true,
      args: staffPictureArgs.extend({ image: uploadArg }),
      resolve: ({ staff_id, image }, ctx) => service.uploadStaffPicture(ctx.db, ctx.actor!, staff_id, image),
    }),
  },
};
