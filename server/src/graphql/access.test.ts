import type { FastifyInstance } from 'fastify';
import { getNamedType, isObjectType, type GraphQLField } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.js';
import { requiredArguments } from '../../test/schema-documents.js';
import { errorCode, gql, staffToken, strangerToken, trpcCall } from '../../test/graphql.js';
import { appRouter } from '../trpc/router.js';
import type { ProcedureMeta } from '../trpc/trpc.js';
import { GRAPHQL_MODULES } from './modules.js';

/** Anonymous callers may use exactly these (issue: content API, "Authorization"). */
const PUBLIC = [
  'getCountries',
  'getPagesOfCountry',
  'getBanners',
  'getAllBranch',
  'getCountryBranch',
  'getCountryCertificates',
  'getFooterSocialMedia',
  'getBranchClosures',
  'getGoogleMap',
  'getHeaderContactInfos',
  'getHomeAboutUs',
  'getHomeServices',
  'getHomeTestimonials',
  'getPosts',
  'getPost',
  'getCountryTeams',
  'getPopups',
  'getImagesFromGallery',
  'getVideosFromGallery',
  'addContactUsFormData',
  'addGeneralFormData',
  'addOshcFormData',
  'calculateAustralianPoints',
  'calculateCrs',
];
const ADMIN = ['addCountry', 'updateCountry'];

/** Every operation of the endpoint with its access. A new operation must be added here deliberately. */
const EXPECTED_OPERATIONS = [
  ...['getAllBanners', 'getBanners', 'getAllBranch', 'getCountryBranch', 'getCountryCertificates', 'getCountries'],
  ...['getFooterSocialMedia', 'getGoogleMap', 'getHeaderContactInfos', 'getHomeAboutUs', 'getHomeServices'],
  ...['getAllTestimonals', 'getHomeTestimonials', 'getAllImages', 'getImagesOfCategory', 'getImagesFromGallery'],
  ...['getUnassignedTestimonialImages', 'getUnassignedTeamImages', 'getUnassignedFooterSocialMediaImages'],
  ...['getUnassignedPopupImages', 'getUnassignedBannerImages', 'getAllOshcFormData', 'getPages', 'getPagesOfCountry'],
  ...['getPagesInBanner', 'getAllPopups', 'getPopups', 'getAllTeams', 'getCountryTeams', 'getAllVideos'],
  ...['getVideosOfCategory', 'getVideosFromGallery', 'getAllContactUsFormData', 'getAllGeneralFormData'],
  ...['addBanner', 'updateBanner', 'deleteBanner', 'addBannerToOtherPage', 'deleteBannerFromPage'],
  ...['addBranch', 'updateBranch', 'deleteBranch', 'addContactUsFormData', 'addCountry', 'updateCountry'],
  ...['addFooterSocialMedia', 'updateFooterSocialMedia', 'deleteFooterSocialMedia', 'addGeneralFormData'],
  ...['addGoogleMap', 'updateGoogleMap', 'addHeaderContactInfos', 'updateHeaderContactInfos', 'addHomeAboutUs'],
  ...['updateHomeAboutUs', 'addHomeService', 'updateHomeService', 'deleteHomeService', 'addTestimonial'],
  ...['updateTestimonial', 'deleteTestimonal', 'addTestimonialToOtherCountry', 'deleteTestimonalFromCountry'],
  ...['uploadImages', 'addImagesToGallery', 'deleteImageFromGallery', 'deleteImage', 'addOshcFormData'],
  ...['addPageToOtherCountry', 'deletePageFromCountry', 'addPopup', 'updatePopup', 'addPopupToOtherCountry'],
  ...['deletePopupFromCountry', 'deletePopup', 'addTeam', 'updateTeam', 'deleteTeam', 'addTeamToOtherCountry'],
  ...['deleteTeamFromCountry', 'addVideo', 'updateVideo', 'deleteVideo', 'addVideosToGallery'],
  ...['updateImageAltText'],
  ...['deleteVideoFromGallery', 'getEnquiries', 'updateEnquiry', 'addEnquiryNote', 'uploadStaffPicture'],
  ...['replyToEnquiry'],
  ...['getBranchClosures', 'addBranchClosure', 'updateBranchClosure', 'deleteBranchClosure'],
  ...['calculateAustralianPoints', 'calculateCrs', 'getPosts', 'getPost'],
].sort();

const expectedAccess = (name: string) => (PUBLIC.includes(name) ? 'public' : ADMIN.includes(name) ? 'admin' : 'staff');

function declaredOperations(): Map<string, string> {
  const operations = new Map<string, string>();
  for (const module of GRAPHQL_MODULES) {
    for (const [name, operation] of [...Object.entries(module.Query ?? {}), ...Object.entries(module.Mutation ?? {})]) {
      operations.set(name, operation.access);
    }
  }
  return operations;
}

function documentFor(kind: 'query' | 'mutation', field: GraphQLField<unknown, unknown>): string {
  const selection = isObjectType(getNamedType(field.type)) ? ' { __typename }' : '';
  return `${kind} { ${field.name}${requiredArguments(field)}${selection} }`;
}

describe('who may call what', () => {
  let app: FastifyInstance;
  let stranger: string;
  let admin: string;
  beforeAll(async () => {
    app = await buildTestApp();
    await app.ready();
    stranger = await strangerToken(app);
    admin = await staffToken(app, 'ADMIN');
  });
  afterAll(() => app.close());

  it('every GraphQL operation is in the reviewed table, with the access it should have', () => {
    const declared = declaredOperations();
    expect([...declared.keys()].sort()).toEqual(EXPECTED_OPERATIONS);
    for (const [name, access] of declared) expect(`${name}: ${access}`).toBe(`${name}: ${expectedAccess(name)}`);
  });

  it('walks the whole GraphQL schema: anonymous callers reach only the public operations, non-staff nothing else', async () => {
    const schema = app.graphqlSchema!;
    const fields = [
      ...Object.values(schema.getQueryType()!.getFields()).map((field) => ['query', field] as const),
      ...Object.values(schema.getMutationType()!.getFields()).map((field) => ['mutation', field] as const),
    ];
    expect(fields.length).toBe(EXPECTED_OPERATIONS.length);
    for (const [kind, field] of fields) {
      const document = documentFor(kind, field);
      const anonymous = await gql(app, document);
      const asStranger = await gql(app, document, {}, stranger);
      if (expectedAccess(field.name) === 'public') {
        expect([field.name, errorCode(anonymous)]).not.toEqual([field.name, 'UNAUTHENTICATED']);
        expect([field.name, errorCode(anonymous)]).not.toEqual([field.name, 'FORBIDDEN']);
      } else {
        expect([field.name, errorCode(anonymous)]).toEqual([field.name, 'UNAUTHENTICATED']);
        expect([field.name, errorCode(asStranger)]).toEqual([field.name, 'FORBIDDEN']);
      }
    }
  });

  it('refuses ADMIN-only operations to an EDITOR', async () => {
    const editor = await staffToken(app, 'EDITOR', [1, 2, 3, 4]);
    const response = await gql(app, 'mutation { updateCountry(id: 2, name: "Nepal") { id } }', {}, editor);
    expect(errorCode(response)).toBe('FORBIDDEN');
    expect(admin).toBeTruthy();
  });

  it('walks the whole tRPC router the same way', async () => {
    const procedures = appRouter._def.procedures as unknown as Record<
      string,
      { _def: { meta?: ProcedureMeta; type: 'query' | 'mutation' } }
    >;
    for (const [path, procedure] of Object.entries(procedures)) {
      const access = procedure._def.meta?.access;
      expect([path, access]).toEqual([path, expect.stringMatching(/^(public|staff|admin)$/)]);
      if (access === 'public') continue;
      const mutation = procedure._def.type === 'mutation';
      const anonymous = await trpcCall(app, path, {}, { mutation });
      expect([path, anonymous.error?.code]).toEqual([path, 'UNAUTHORIZED']);
      const asStranger = await trpcCall(app, path, {}, { mutation, token: stranger });
      expect([path, asStranger.error?.code]).toEqual([path, 'FORBIDDEN']);
    }
  });
});
