import { z } from 'zod';
import { defineEndpoint, getQuery, noBody, noQuery, PUBLIC, SESSION } from './endpoint.js';
import { permissionItemSchema } from './permissions.js';
import { safeRedirectPath } from './redirect.js';
import { checkAccount, checkNewPassword, checkPassword, normaliseAccount } from './validation.js';
import type { TextKey } from './texts.js';

/** Longest raw string any auth field accepts before its own rule is applied. */
const RAW_MAX = 200;
const rawString = z.string().max(RAW_MAX);

const withRule = (rule: (value: string) => TextKey | null) =>
  rawString.superRefine((value, ctx) => {
    const key = rule(value);
    if (key) ctx.addIssue({ code: 'custom', message: key });
  });

/** Account: whitespace removed, then 2-50 letters, digits or underscore. */
export const accountSchema = withRule(checkAccount).transform(normaliseAccount);
export const passwordSchema = withRule((v) => checkPassword(v));

export const loginRequestSchema = z.object({ userName: accountSchema, password: passwordSchema });
export type LoginRequest = z.input<typeof loginRequestSchema>;

/**
 * Cipher-text login (path not given by the spec; ours is POST /login/doLogin): the password is
 * SM2-encrypted (C1C3C2, hex) with the public key from GET /login/publicKey, and the captcha from
 * POST /login/genCaptcha is answered with verKey (its imgId) and verCode.
 */
export const cipherLoginRequestSchema = z.object({
  userName: accountSchema,
  password: z
    .string()
    .min(1, 'password.required')
    .max(1024)
    .regex(/^[0-9a-fA-F]+$/, 'cipher.invalid'),
  verKey: z.string().min(1, 'captcha.required').max(64),
  verCode: z.string().min(1, 'captcha.required').max(16),
});
export type CipherLoginRequest = z.input<typeof cipherLoginRequestSchema>;

export const captchaDataSchema = z.object({
  /** A PNG as a data URL. */
  img: z.string(),
  imgId: z.string(),
});

export const publicKeyDataSchema = z.object({
  /** SM2 public key, uncompressed, hex. */
  publicKey: z.string(),
});

export const projectSchema = z.object({
  projectId: z.number().int(),
  projectName: z.string(),
  longitude: z.number().nullable(),
  latitude: z.number().nullable(),
  polygon: z.array(z.object({ lng: z.number(), lat: z.number() })),
});
export type Project = z.infer<typeof projectSchema>;

/** The user session of platform-shell.md §3. */
export const userPermissionsDataSchema = z.object({
  userId: z.number().int(),
  userName: z.string(),
  name: z.string(),
  userType: z.number().int(),
  projects: z.array(projectSchema),
  userProjectIds: z.array(z.number().int()),
  defaultProjectId: z.number().int().nullable(),
  areaIds: z.array(z.number().int()),
  /** Menu resources (types 0-3 and 6), flat, for the menu builder. */
  menus: z.array(permissionItemSchema),
  /** Button and element codes (types 4 and 5). */
  elements: z.array(z.string()),
  customConfig: z.record(z.string(), z.unknown()),
  /** An administrator set the password (new account, reset): the user must replace it first. */
  mustChangePassword: z.boolean(),
});
export type UserPermissions = z.infer<typeof userPermissionsDataSchema>;

export const loginDataSchema = z.object({
  token: z.string(),
  userType: z.number().int(),
  /** Every permission code the user holds (pages, groups and elements). */
  permissions: z.array(z.string()),
  userName: z.string(),
  userId: z.number().int(),
  areaIds: z.array(z.number().int()),
  /** The default-load project, when the user has one. */
  projectId: z.number().int().nullable(),
  /**
   * The session as /user/queryUserPermissions answers it, so the shell draws the menus from the
   * sign-in answer instead of asking in a second call once it has the token. Absent
   * while the licence is not valid: that call then answers 10402, which sends the user to /license.
   */
  session: userPermissionsDataSchema.optional(),
});
export type LoginData = z.infer<typeof loginDataSchema>;

export const updatePasswordRequestSchema = z
  .object({
    oldPassword: withRule((v) => checkPassword(v, 'oldPassword.required')),
    password: withRule((v) => checkNewPassword(v)),
    confirmPass: withRule((v) => checkNewPassword(v, 'confirmPassword.required')),
  })
  .superRefine((body, ctx) => {
    if (body.password !== body.confirmPass) {
      ctx.addIssue({ code: 'custom', path: ['confirmPass'], message: 'newPassword.mismatch' });
    }
  });
export type UpdatePasswordRequest = z.input<typeof updatePasswordRequestSchema>;

export const postponeDataSchema = z.object({ expiresAt: z.string() });

/** Sign-in by one-time ticket: a signed-in user asks for a ticket that another screen redeems once. */
export const TICKET_TTL_SECONDS = 60;
export const issueTicketRequestSchema = z.object({ purpose: z.string().trim().max(50).optional() }).strict();
export const ticketDataSchema = z.object({ ticket: z.string(), expiresAt: z.string() });
export type TicketData = z.infer<typeof ticketDataSchema>;
const ticketField = z.string().min(1).max(128);
export const ticketLoginRequestSchema = z.object({ ticket: ticketField });
export type TicketLoginRequest = z.input<typeof ticketLoginRequestSchema>;

/** Longest `redirect` a sign-in link may carry. */
export const REDIRECT_MAX = 2048;
/**
 * GET nopass/token (platform-shell.md §7 Auth: "params"): the one-time sign-in of /userlogin, with
 * the ticket and the page to open afterwards in the query. Strict, so a misspelt parameter is named
 * instead of ignored; a redirect off this origin is refused before the ticket is looked at.
 */
export const nopassTokenQuerySchema = getQuery({
  ticket: ticketField,
  redirect: z
    .string()
    .max(REDIRECT_MAX)
    .superRefine((value, ctx) => {
      if (safeRedirectPath(value) === null) ctx.addIssue({ code: 'custom', message: 'redirect.unsafe' });
    })
    .optional(),
}).strict();
export type NopassTokenQuery = z.input<typeof nopassTokenQuerySchema>;

export const dictionaryQuerySchema = z.object({
  dicCode: z.string().trim().min(1, 'dictionary.required').max(64),
});
export const dictionaryItemSchema = z.object({ itemCode: z.string(), itemName: z.string() });
export type DictionaryItem = z.infer<typeof dictionaryItemSchema>;

export const authEndpoints = {
  login: defineEndpoint({
    method: 'POST',
    path: '/login/doLoginNoVerCode',
    access: PUBLIC,
    query: noQuery,
    body: loginRequestSchema,
    data: loginDataSchema,
  }),
  cipherLogin: defineEndpoint({
    method: 'POST',
    path: '/login/doLogin',
    access: PUBLIC,
    query: noQuery,
    body: cipherLoginRequestSchema,
    data: loginDataSchema,
  }),
  publicKey: defineEndpoint({
    method: 'GET',
    path: '/login/publicKey',
    access: PUBLIC,
    query: getQuery(),
    body: z.undefined(),
    data: publicKeyDataSchema,
  }),
  captcha: defineEndpoint({
    method: 'POST',
    path: '/login/genCaptcha',
    access: PUBLIC,
    query: noQuery,
    body: noBody,
    data: captchaDataSchema,
  }),
  logout: defineEndpoint({
    method: 'POST',
    path: '/login/doLogout',
    access: PUBLIC,
    query: noQuery,
    body: noBody,
    data: z.null(),
  }),
  issueTicket: defineEndpoint({
    method: 'POST',
    path: '/login/ticket',
    access: SESSION,
    query: noQuery,
    body: issueTicketRequestSchema.optional(),
    data: ticketDataSchema,
  }),
  ticketLogin: defineEndpoint({
    method: 'POST',
    path: '/login/doLoginByTicket',
    access: PUBLIC,
    query: noQuery,
    body: ticketLoginRequestSchema,
    data: loginDataSchema,
  }),
  /** The same sign-in as ticketLogin, asked the way the spec's /userlogin asks it. */
  nopassToken: defineEndpoint({
    method: 'GET',
    path: '/nopass/token',
    access: PUBLIC,
    query: nopassTokenQuerySchema,
    body: z.undefined(),
    data: loginDataSchema,
  }),
  userPermissions: defineEndpoint({
    method: 'POST',
    path: '/user/queryUserPermissions',
    access: SESSION,
    query: noQuery,
    body: noBody,
    data: userPermissionsDataSchema,
  }),
  postpone: defineEndpoint({
    method: 'POST',
    path: '/user/token/postpone',
    access: SESSION,
    query: noQuery,
    body: noBody,
    data: postponeDataSchema,
  }),
  updatePassword: defineEndpoint({
    method: 'POST',
    path: '/user/updatePwd',
    access: SESSION,
    query: noQuery,
    body: updatePasswordRequestSchema,
    data: z.null(),
  }),
  dictionary: defineEndpoint({
    method: 'GET',
    path: '/sys/dictionary/queryDicByDicCode',
    access: SESSION,
    query: getQuery(dictionaryQuerySchema.shape),
    body: z.undefined(),
    data: z.array(dictionaryItemSchema),
  }),
} as const;
