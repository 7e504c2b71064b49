import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_IMAGE_TYPE_MESSAGE } from '../../../shared/media.js';
import { buildTestApp } from '../../test/app.js';
import { errorCode, gql, staffMember, trpcCall } from '../../test/graphql.js';
import { exifGpsTags, hashOf, sidewaysPhotoWithGps, storedBlob } from '../../test/images.js';
import { gqlUpload } from '../../test/multipart.js';
import type { StaffAccount, StaffPicture, StaffProfile } from './staff.service.js';

const UPLOAD = `mutation picture($staff_id: Int!, $image: Upload!) {
  uploadStaffPicture(staff_id: $staff_id, image: $image) { staff_id picture_url } }`;

const png = (colour: string) =>
  sharp({ create: { width: 40, height: 40, channels: 3, background: colour } })
    .png()
    .toBuffer();

describe('staff pictures', () => {
  let app: FastifyInstance;
  let admin: Awaited<ReturnType<typeof staffMember>>;
  let editor: Awaited<ReturnType<typeof staffMember>>;
  let colleague: Awaited<ReturnType<typeof staffMember>>;

  const upload = async (staffId: number, bytes: Buffer, token: string, filename = 'me.png') =>
    gqlUpload<{ uploadStaffPicture: StaffPicture }>(
      app,
      UPLOAD,
      { staff_id: staffId, image: null },
      [{ path: 'variables.image', filename, contentType: 'image/png', bytes }],
      token,
    );
  const remove = (staffId: number, token: string) =>
    trpcCall<StaffPicture>(app, 'staff.removePicture', { staff_id: staffId }, { token, mutation: true });
  const profile = async (token: string) => (await trpcCall<StaffProfile>(app, 'me.get', null, { token })).data!;
  const storedHash = async (staffId: number) =>
    (
      await app.db
        .selectFrom('staff_users')
        .select('picture_sha256')
        .where('id', '=', staffId)
        .executeTakeFirstOrThrow()
    ).picture_sha256;
  const blobExists = async (sha256: string) =>
    (await app.db.selectFrom('media_blobs').select('sha256').where('sha256', '=', sha256).executeTakeFirst()) !==
    undefined;

  beforeAll(async () => {
    app = await buildTestApp();
    admin = await staffMember(app, { role: 'ADMIN', name: 'Ada Admin' });
    editor = await staffMember(app, { role: 'EDITOR', countryIds: [2], name: 'Ed Editor' });
    colleague = await staffMember(app, { role: 'EDITOR', countryIds: [2], name: 'Col League' });
  });
  afterAll(() => app.close());

  it('lets everyone upload their own picture, stored re-encoded without metadata, and shown as theirs', async () => {
    expect((await profile(editor.token)).picture_url).toBeNull();
    const response = await upload(editor.id, await sidewaysPhotoWithGps(), editor.token, 'holiday.jpg');
    expect(response.errors).toEqual([]);
    const { picture_url } = response.data!.uploadStaffPicture;
    expect(response.data!.uploadStaffPicture.staff_id).toBe(editor.id);
    expect(picture_url).toMatch(/^\/media\/[0-9a-f]{64}\.jpg$/);
    // The same mechanism as every upload: upright, and no GPS position or other metadata kept.
    const blob = await storedBlob(app.db, hashOf(picture_url!));
    expect([blob.width, blob.height]).toEqual([20, 60]);
    const metadata = await sharp(Buffer.from(blob.data)).metadata();
    expect(metadata.exif ? exifGpsTags(metadata.exif) : []).toEqual([]);
    expect(metadata.xmp).toBeUndefined();

    expect(await profile(editor.token)).toMatchObject({ staffId: editor.id, role: 'EDITOR', picture_url });
    const list = await trpcCall<StaffAccount[]>(app, 'staff.list', null, { token: admin.token });
    expect(list.data!.find((staff) => staff.id === editor.id)?.picture_url).toBe(picture_url);
    expect(list.data!.find((staff) => staff.id === colleague.id)?.picture_url).toBeNull();
    const served = await app.inject({ url: picture_url! });
    expect([served.statusCode, served.headers['content-type']]).toEqual([200, 'image/jpeg']);
  });

  it("refuses an EDITOR another staff member's picture, and changes nothing", async () => {
    const refused = await upload(colleague.id, await png('#ff0000'), editor.token);
    expect(errorCode(refused)).toBe('FORBIDDEN');
    expect(refused.errors[0]!.message).toBe("Only administrators may change another staff member's picture.");
    expect((await remove(colleague.id, editor.token)).error?.code).toBe('FORBIDDEN');
    const before = await storedHash(editor.id);
    expect((await remove(editor.id, colleague.token)).error?.code).toBe('FORBIDDEN');
    expect(await storedHash(editor.id)).toBe(before);
    expect(await storedHash(colleague.id)).toBeNull();
  });

  it('refuses a file that is no image with a message on the field, keeping the picture there was', async () => {
    const before = await storedHash(editor.id);
    const refused = await upload(editor.id, Buffer.from('<svg onload="alert(1)"/>'), editor.token, 'me.svg');
    expect(refused.errors[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: { image: UPLOAD_IMAGE_TYPE_MESSAGE },
    });
    expect(await storedHash(editor.id)).toBe(before);
    const noFile = await gql(
      app,
      `mutation { uploadStaffPicture(staff_id: ${editor.id}) { staff_id } }`,
      {},
      editor.token,
    );
    expect(noFile.errors[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: { image: 'A file is required' },
    });
  });

  it("lets an ADMIN replace and remove anyone's picture; bytes nothing else shows are deleted with it", async () => {
    const old = (await storedHash(editor.id))!;
    const replaced = await upload(editor.id, await png('#00ff00'), admin.token);
    expect(replaced.errors).toEqual([]);
    const green = hashOf(replaced.data!.uploadStaffPicture.picture_url!);
    expect(await storedHash(editor.id)).toBe(green);
    expect(await blobExists(old)).toBe(false);

    // The same picture for two people is stored once, and stays while one of them still shows it.
    await upload(colleague.id, await png('#00ff00'), colleague.token);
    expect(await storedHash(colleague.id)).toBe(green);
    const removed = await remove(editor.id, admin.token);
    expect(removed.data).toEqual({ staff_id: editor.id, picture_url: null });
    expect(await storedHash(editor.id)).toBeNull();
    expect(await blobExists(green)).toBe(true);
    expect((await remove(colleague.id, colleague.token)).data?.picture_url).toBeNull();
    expect(await blobExists(green)).toBe(false);
    expect((await profile(editor.token)).picture_url).toBeNull();
  });

  it('answers NOT_FOUND for an unknown staff member and refuses callers who are not staff', async () => {
    expect((await remove(99_999, admin.token)).error).toMatchObject({
      code: 'NOT_FOUND',
      message: 'Staff member not found.',
    });
    expect(errorCode(await upload(99_999, await png('#0000ff'), admin.token))).toBe('NOT_FOUND');
    expect((await trpcCall(app, 'staff.removePicture', { staff_id: editor.id }, { mutation: true })).status).toBe(401);
    expect(errorCode(await upload(editor.id, await png('#0000ff'), ''))).toBe('UNAUTHENTICATED');
  });
});
