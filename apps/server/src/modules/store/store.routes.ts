import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZApprovedGroupList,
  ZApprovedGroupListQuery,
  ZApprovedStoreList,
  ZApprovedStoreListQuery,
  ZChangeStoreStatusBody,
  ZIdParam,
  ZOk,
  ZRemoveStoreUserBody,
  ZStoreDetail,
  ZUpdateRetailerBody,
  ZGroupListBody,
  ZManagedGroupList,
  ZManagedStore,
  ZManagedStoreList,
  ZPlaceDetails,
  ZReachRequest,
  ZReachResponse,
  ZStoreListBody,
  ZStoreStatusSummary,
} from '@rally/domain';
import { notFound } from '../../lib/app-error.js';
import { errorResponses as errors } from '../../lib/error-responses.js';
import { calculateReach } from './calculate-reach.js';
import { changeStoreStatus } from './change-store-status.js';
import { getStoreDetail, removeStoreUser, updateRetailerFields } from './store-operations.js';
import { getStoreStatusSummary } from './get-store-status-summary.js';
import { listApprovedGroups } from './list-approved-groups.js';
import { listApprovedStores } from './list-approved-stores.js';
import { listGroups } from './list-groups.js';
import { listStores } from './list-stores.js';
import { offlinePlacesLookup, type PlacesLookup } from './places-lookup.js';
import { READ_ONLY_ROUTE } from '../../lib/revision-watch.js';

export interface StoreRoutesOptions {
  /** Where place ids are resolved; the offline country lookup unless a maps provider is given. */
  places?: PlacesLookup;
}

const ZPlaceParams = z.object({ placeId: z.string().min(1).max(200) });
const ZStoreIdParams = z.object({ id: ZIdParam });

/** Store gateway (product rule R50): approved lists and reach for the launch step, store management, places lookup. */
export async function storeRoutes(app: FastifyInstance, options: StoreRoutesOptions = {}) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const caches = app.caches.store;
  const places = options.places ?? offlinePlacesLookup;

  const reader = async (request: Parameters<typeof app.actor>[0]) => {
    const actor = await app.actor(request);
    return actor;
  };

  r.get(
    '/api/store/read/store/approved-list',
    {
      config: { permission: 'store:read' },
      schema: {
        tags: ['store'],
        summary: 'Approved stores of the current brand: search, sort, page; selected ids first',
        querystring: ZApprovedStoreListQuery,
        response: { 200: ZApprovedStoreList, ...errors },
      },
    },
    async (request) => {
      const actor = await reader(request);
      return listApprovedStores({ db, caches, brandId: actor.brandId, query: request.query });
    },
  );

  r.get(
    '/api/store/read/group/approved-list',
    {
      config: { permission: 'store:read' },
      schema: {
        tags: ['store'],
        summary: 'Approved store groups of the current brand with their approved stores and users; selected ids first',
        querystring: ZApprovedGroupListQuery,
        response: { 200: ZApprovedGroupList, ...errors },
      },
    },
    async (request) => {
      const actor = await reader(request);
      return listApprovedGroups({ db, caches, brandId: actor.brandId, query: request.query });
    },
  );

  r.post(
    '/api/store/service/reach',
    {
      config: { ...READ_ONLY_ROUTE, permission: 'store:read' },
      schema: {
        tags: ['store'],
        summary: 'Groups, stores and users a scope (all, stores, groups; optionally countries) reaches',
        body: ZReachRequest,
        response: { 200: ZReachResponse, ...errors },
      },
    },
    async (request) => {
      const actor = await reader(request);
      return calculateReach({ db, caches, brandId: actor.brandId, request: request.body });
    },
  );

  r.post(
    '/api/store/read/store/list',
    {
      config: { ...READ_ONLY_ROUTE, permission: 'store:read' },
      schema: {
        tags: ['store'],
        summary: 'Stores of the current brand, any status: search, filters, sort, page',
        body: ZStoreListBody,
        response: { 200: ZManagedStoreList, ...errors },
      },
    },
    async (request) => {
      const actor = await reader(request);
      return listStores({ db, caches, brandId: actor.brandId, body: request.body });
    },
  );

  r.get(
    '/api/store/read/store/status-summary',
    {
      config: { permission: 'store:read' },
      schema: {
        tags: ['store'],
        summary: 'Store counts per status',
        response: { 200: ZStoreStatusSummary, ...errors },
      },
    },
    async (request) => {
      const actor = await reader(request);
      return getStoreStatusSummary({ db, caches, brandId: actor.brandId });
    },
  );

  r.post(
    '/api/store/write/store/change-status',
    {
      config: { permission: 'store:update' },
      schema: {
        tags: ['store'],
        summary: "Change a store's status",
        body: ZChangeStoreStatusBody,
        response: { 200: ZManagedStore, ...errors },
      },
    },
    async (request) => {
      const actor = await app.actor(request);
      return changeStoreStatus({ db, actor, storeBrandId: request.body.storeBrandId, status: request.body.status });
    },
  );

  r.get(
    '/api/store/read/store/:id',
    {
      config: { permission: 'store:read' },
      schema: {
        tags: ['store'],
        summary: 'The store page: a store of the current brand with its address parts, users and activity log',
        params: ZStoreIdParams,
        response: { 200: ZStoreDetail, ...errors },
      },
    },
    async (request) => {
      const actor = await app.actor(request);
      return getStoreDetail({ db, actor, storeId: request.params.id });
    },
  );

  r.post(
    '/api/store/write/store/remove-user',
    {
      config: { permission: 'store:update' },
      schema: {
        tags: ['store'],
        summary: 'Remove a user from a store of the current brand (logged in the store activity)',
        body: ZRemoveStoreUserBody,
        response: { 200: ZOk, ...errors },
      },
    },
    async (request) => {
      const actor = await app.actor(request);
      return removeStoreUser({ db, actor, storeId: request.body.storeId, userId: request.body.userId });
    },
  );

  r.post(
    '/api/store/write/store/:id/update-retailer',
    {
      config: { permission: 'store:update' },
      schema: {
        tags: ['store'],
        summary: "Edit a store's retailer-side fields (name, address parts, ref ids); each change logged old → new",
        params: ZStoreIdParams,
        body: ZUpdateRetailerBody,
        response: { 200: ZStoreDetail.shape.store, ...errors },
      },
    },
    async (request) => {
      const actor = await app.actor(request);
      return updateRetailerFields({ db, actor, storeId: request.params.id, fields: request.body.fields });
    },
  );

  r.post(
    '/api/store/read/group/list',
    {
      config: { ...READ_ONLY_ROUTE, permission: 'store:read' },
      schema: {
        tags: ['store'],
        summary: 'Store groups of the current brand, any status: search, sort, page',
        body: ZGroupListBody,
        response: { 200: ZManagedGroupList, ...errors },
      },
    },
    async (request) => {
      const actor = await reader(request);
      return listGroups({ db, caches, brandId: actor.brandId, body: request.body });
    },
  );

  r.get(
    '/api/places/:placeId',
    {
      config: { permission: 'store:read' },
      schema: {
        tags: ['store'],
        summary: "A place's address components (country name and code)",
        params: ZPlaceParams,
        response: { 200: ZPlaceDetails, ...errors },
      },
    },
    async (request) => {
      await app.actor(request);
      const place = await places.getPlace(request.params.placeId);
      if (!place) throw notFound('Place');
      return place;
    },
  );
}
