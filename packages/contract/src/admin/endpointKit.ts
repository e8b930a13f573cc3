import { z } from 'zod';
import { defineEndpoint, getQuery, noQuery, permission } from '../endpoint.js';
import { idSchema } from './paging.js';

/** The shapes most administration endpoints share: one record by `:id`, a form's post, a delete. */

export const idParams = z.object({ id: idSchema }).strict();
export const emptyBody = z.object({}).strict().optional();

/** `GET <path>` naming one record by `:id`, for holders of `code`. */
export const getById = <D extends z.ZodType>(path: string, code: string, data: D) =>
  defineEndpoint({
    method: 'GET',
    path,
    params: idParams,
    access: permission(code),
    query: getQuery(),
    body: z.undefined(),
    data,
  });

/** `POST <path>` with a body, for holders of `code`. */
export const postBody = <B extends z.ZodType, D extends z.ZodType>(
  path: string,
  code: string,
  body: B,
  data: D,
) => defineEndpoint({ method: 'POST', path, access: permission(code), query: noQuery, body, data });

/** `POST <path>/:id` deleting one record, for holders of `code`; answers null. */
export const deleteById = (path: string, code: string) =>
  defineEndpoint({
    method: 'POST',
    path,
    params: idParams,
    access: permission(code),
    query: noQuery,
    body: emptyBody,
    data: z.null(),
  });
