import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GRAPHQL_PREFLIGHT_HEADER } from '../../../shared/api.js';
import { expectFailureOnlyInLog, withCountriesTableGone } from '../../test/app.js';
import { buildFormsTestApp, CONTACT_US, enquiryInput } from '../../test/forms.js';
import { errorCode, gql, staffToken, strangerToken } from '../../test/graphql.js';
import { graphqlMultipartBody, gqlUpload } from '../../test/multipart.js';

const UPLOAD = `mutation($images: [Upload!]!, $category: ImageCategory!) {
  uploadImages(images: $images, category: $category) { id image_name } }`;
const addVideo = (name: string) =>
  `mutation { addVideo(category: GALLERY_VIDEOS, video_name: "${name}", video_url: "https://videos.example.com/${name}") { id } }`;

/** The endpoint's defences that act on the HTTP request (issue 7): CSRF prevention, GET, uploads, masking. */
describe('GraphQL endpoint', () => {
  let app: FastifyInstance;
  let admin: string;

  const enquiry = (subject: string) => enquiryInput(app, { subject });

  const enquiries = async (subject: string) =>
    (await app.db.selectFrom('contact_us_entries').select('id').where('subject', '=', subject).execute()).length;
  const videos = async (name: string) =>
    (await app.db.selectFrom('videos').select('id').where('video_name', '=', name).execute()).length;
  const images = async (name: string) =>
    (await app.db.selectFrom('images').select('id').where('image_name', '=', name).execute()).length;

  const png = () =>
    sharp({ create: { width: 2, height: 2, channels: 3, background: '#204060' } })
      .png()
      .toBuffer();

  beforeAll(async () => {
    app = await buildFormsTestApp();
    admin = await staffToken(app, 'ADMIN');
  });
  afterAll(() => app.close());

  describe('CSRF prevention', () => {
    it('answers JSON requests, as external callers and the staff area send them', async () => {
      const response = await gql(app, CONTACT_US, { input: await enquiry('Sent as JSON') });
      expect(response.errors).toEqual([]);
      expect(await enquiries('Sent as JSON')).toBe(1);
    });

    it.each([
      ['text/plain', (body: string) => body],
      ['application/x-www-form-urlencoded', (body: string) => `query=${encodeURIComponent(body)}`],
    ])('refuses a %s POST (what another site’s form can send), running nothing', async (contentType, encode) => {
      const subject = `Sent as ${contentType}`;
      const body = JSON.stringify({ query: CONTACT_US, variables: { input: await enquiry(subject) } });
      const response = await app.inject({
        method: 'POST',
        url: '/api/graphql',
        headers: { 'content-type': contentType },
        payload: encode(body),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        data: null,
        errors: [
          {
            message: `This request could come from another site, so it was refused: send it as application/json, or with the ${GRAPHQL_PREFLIGHT_HEADER} header.`,
            extensions: { code: 'BAD_REQUEST' },
          },
        ],
      });
      expect(await enquiries(subject)).toBe(0);
      // A staff mutation with a token is refused the same way, before any resolver.
      const video = await app.inject({
        method: 'POST',
        url: '/api/graphql',
        headers: { 'content-type': contentType, authorization: `Bearer ${admin}` },
        payload: encode(JSON.stringify({ query: addVideo('csrf-video') })),
      });
      expect(video.statusCode).toBe(400);
      expect(await videos('csrf-video')).toBe(0);
    });

    it('needs the preflight header on a multipart upload: without it nothing is stored, with it the upload works', async () => {
      const file = { path: 'variables.images.0', filename: 'csrf.png', contentType: 'image/png', bytes: await png() };
      const variables = { images: [null], category: 'BANNER' };
      const refused = await gqlUpload(app, UPLOAD, variables, [file], admin, { preflight: false });
      expect(refused.status).toBe(400);
      expect(errorCode(refused)).toBe('BAD_REQUEST');
      expect(await images('csrf.png')).toBe(0);
      const accepted = await gqlUpload(app, UPLOAD, variables, [file], admin);
      expect(accepted.errors).toEqual([]);
      expect(await images('csrf.png')).toBe(1);
    });
  });

  describe('GET', () => {
    const get = (query: string, headers: Record<string, string>) =>
      app.inject({ method: 'GET', url: `/api/graphql?query=${encodeURIComponent(query)}`, headers });

    it('answers a query sent with the preflight header', async () => {
      const response = await get('query { getCountries { name } }', { [GRAPHQL_PREFLIGHT_HEADER]: 'countries' });
      expect(response.statusCode).toBe(200);
      expect(response.json<{ data: { getCountries: unknown[] } }>().data.getCountries.length).toBeGreaterThan(0);
    });

    it('never runs a mutation: refused with 405, and without the preflight header with 400; nothing stored', async () => {
      const preflighted = await get(addVideo('over-get'), {
        [GRAPHQL_PREFLIGHT_HEADER]: 'add',
        authorization: `Bearer ${admin}`,
      });
      expect(preflighted.statusCode).toBe(405);
      expect(preflighted.json()).toEqual({
        data: null,
        errors: [
          {
            message: 'Only queries may be sent with GET: send mutations with POST.',
            extensions: { code: 'BAD_REQUEST' },
          },
        ],
      });
      const plain = await get(addVideo('over-get'), { authorization: `Bearer ${admin}` });
      expect(plain.statusCode).toBe(400);
      expect(await videos('over-get')).toBe(0);
    });
  });

  it('answers an unexpected failure as INTERNAL_SERVER_ERROR with the request id; the detail goes to the log only', async () => {
    // A real database failure: the table the resolver reads is gone.
    await withCountriesTableGone(async (logged, log) => {
      const response = await logged.inject({
        method: 'POST',
        url: '/api/graphql',
        headers: { 'content-type': 'application/json' },
        payload: { query: 'query { getCountries { id name } }' },
      });
      const requestId = String(response.headers['x-request-id']);
      expect(response.json()).toEqual({
        data: null,
        errors: [
          {
            message: `Something went wrong (request ${requestId})`,
            locations: [{ line: 1, column: 9 }],
            path: ['getCountries'],
            extensions: { code: 'INTERNAL_SERVER_ERROR', requestId },
          },
        ],
      });
      expectFailureOnlyInLog(response.body, log, requestId, 'GraphQL resolver failed');
    });
  });

  describe('uploads authenticate before the body is read', () => {
    let origin: string;
    beforeAll(async () => {
      await app.listen({ port: 0, host: '127.0.0.1' });
      origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    });

    /**
     * Starts a 50 MB multipart upload but sends only its first 64 KB, and never the rest: an answer can only come
     * from a server that did not wait for the body.
     */
    function unfinishedUpload(
      headers: Record<string, string>,
    ): Promise<{ status: number; headers: IncomingHttpHeaders; body: string }> {
      const { body, contentType } = graphqlMultipartBody(UPLOAD, { images: [null], category: 'BANNER' }, [
        {
          path: 'variables.images.0',
          filename: 'unread.png',
          contentType: 'image/png',
          bytes: Buffer.alloc(64 * 1024),
        },
      ]);
      return new Promise((resolve, reject) => {
        const request = httpRequest(
          `${origin}/api/graphql`,
          {
            method: 'POST',
            headers: {
              ...headers,
              'content-type': contentType,
              'content-length': String(50 * 1024 * 1024),
              [GRAPHQL_PREFLIGHT_HEADER]: 'upload',
            },
          },
          (response) => {
            let text = '';
            response.setEncoding('utf8');
            response.on('data', (chunk: string) => (text += chunk));
            response.on('end', () => {
              request.destroy();
              resolve({ status: response.statusCode!, headers: response.headers, body: text });
            });
          },
        );
        request.on('error', reject);
        request.setTimeout(5000, () => reject(new Error('No answer while the body was unfinished')));
        request.write(body.subarray(0, body.length - 100));
      });
    }

    it('answers an anonymous upload 401 at once, without its body, and stores nothing', async () => {
      const response = await unfinishedUpload({});
      expect(response.status).toBe(401);
      expect(response.headers.connection).toBe('close');
      expect(JSON.parse(response.body)).toEqual({
        data: null,
        errors: [{ message: 'Sign in to continue.', extensions: { code: 'UNAUTHENTICATED' } }],
      });
      expect(await images('unread.png')).toBe(0);
    });

    it('answers 403 at once to a signed-in person who is not staff', async () => {
      const response = await unfinishedUpload({ authorization: `Bearer ${await strangerToken(app)}` });
      expect(response.status).toBe(403);
      expect(JSON.parse(response.body)).toMatchObject({ errors: [{ extensions: { code: 'FORBIDDEN' } }] });
      expect(await images('unread.png')).toBe(0);
    });

    it('keeps public JSON calls anonymous', async () => {
      expect((await gql(app, 'query { getCountries { id } }')).errors).toEqual([]);
      const response = await gql(app, CONTACT_US, { input: await enquiry('Anonymous after uploads') });
      expect(response.errors).toEqual([]);
      expect(await enquiries('Anonymous after uploads')).toBe(1);
    });
  });
});
