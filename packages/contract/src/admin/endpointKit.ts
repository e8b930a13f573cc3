import { z } from 'zod';
import { defineEndpoint, getQuery, noQuery, permissionOf, type AccessCodes } from '../endpoint.js';
import { idSchema } from './paging.js';

/** The shapes most administration endpoints share: one record by `:id`, a form's post, a delete. */

export const idParams = z.object({ id: idSchema }).strict();
export const emptyBody = z.object({}).strict().optional();

/** `GET <path>` naming one record by `:id`, for holders of `code` (or one of several codes). */
export const getById = <D extends z.ZodType>(path: string, code: AccessCodes, data: D) =>
  defineEndpoint({
    method: 'GET',
    path,
    params: idParams,
    access: permissionOf(code),
    query: getQuery(),
    body: z.undefined(),
    data,
  });

/** `POST <path>` with a body, for holders of `code` (or one of several codes). */
export const postBody = <B extends z.ZodType, D extends z.ZodType>(
  path: string,
  code: AccessCodes,
  body: B,
  data: D,
) => defineEndpoint({ method: 'POST', path, access: permissionOf(code), query: noQuery, body, data });

/** `POST <path>/:id` deleting one record, for holders of `code` (or one of several codes); answers null. */
export const deleteById = (path: string, code: AccessCodes) =>
  defineEndpoint({
    method: 'POST',
    path,
    params: idParams,
    access: permissionOf(code),
    query: noQuery,
    body: emptyBody,
    data: z.null(),
  });
