import { z } from 'zod';
import { defineEndpoint, getQuery, noBody, SESSION } from './endpoint.js';
import { projectSchema } from './auth.js';
import { ID_MAX } from './admin/paging.js';

export const defaultProjectSchema = z.object({ projectId: z.number().int(), projectName: z.string() });
export type DefaultProject = z.infer<typeof defaultProjectSchema>;

/** The projects a user may see, and the one loaded by default (platform-shell.md §3, §7 Users). */
export const projectEndpoints = {
  listByUser: defineEndpoint({
    method: 'GET',
    path: '/sys/project/listByUser',
    access: SESSION,
    query: getQuery(),
    body: z.undefined(),
    data: z.array(projectSchema),
  }),
  findDefault: defineEndpoint({
    method: 'GET',
    path: '/user/set/find',
    access: SESSION,
    query: getQuery(),
    body: z.undefined(),
    data: defaultProjectSchema.nullable(),
  }),
  /** projectId in the query plus a body, as the spec has it; the project must be one of the user's. */
  setDefault: defineEndpoint({
    method: 'POST',
    path: '/user/set/addUpdateProject',
    access: SESSION,
    query: z.object({ projectId: z.coerce.number().int().positive('project.required').max(ID_MAX) }),
    body: noBody,
    data: defaultProjectSchema,
  }),
} as const;
