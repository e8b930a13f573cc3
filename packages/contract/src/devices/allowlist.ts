import { z } from 'zod';
import { BUTTON_CODES } from '../admin/buttons.js';
import { postBody } from '../admin/endpointKit.js';
import { optionalText } from '../admin/fields.js';
import {
  idFilter,
  idListSchema,
  idSchema,
  pageRequestSchema,
  pageSchema,
  textFilter,
} from '../admin/paging.js';
import { TYPE_GATEWAY } from './types.js';

/**
 * white (网关白名单): the addresses of the field nodes a gateway (device type 0701, the
 * demo's `iot-gateway` product) accepts on its local bus. The platform keeps each gateway's list and
 * sends it whole as the reserved `$allowlist` service on the gateway's `command` topic; the gateway
 * answers on `reply` and the platform records the revision it confirmed.
 */

export const ALLOWLIST_PAGE = 'white';
export const ALLOWLIST_BUTTONS = BUTTON_CODES.white;
/** The devices that keep an allowlist. */
export const ALLOWLIST_DEVICE_TYPE = TYPE_GATEWAY;

/** The most entries one gateway keeps, and the most lines one paste adds. */
export const ALLOWLIST_MAX = 1_000;
export const ALLOWLIST_ADDRESS_MAX = 64;
export const ALLOWLIST_NAME_MAX = 32;
export const ALLOWLIST_REMARKS_MAX = 200;

const MAC = /^[0-9A-Fa-f]{2}(?:([:-])[0-9A-Fa-f]{2})(?:\1[0-9A-Fa-f]{2}){4}$/;
/** A hex address (`0x` allowed) or a serial number: letters, digits, `_` and `-`, from a letter or digit. */
const SERIAL = /^(?:0[xX])?[A-Za-z0-9][A-Za-z0-9_-]*$/;

/** Whether text is a node address: a MAC (`AA:BB:CC:DD:EE:FF` or with `-`), hex or a serial number. */
export const isNodeAddress = (value: string): boolean =>
  value.length > 0 && value.length <= ALLOWLIST_ADDRESS_MAX && (MAC.test(value) || SERIAL.test(value));

export const nodeAddressSchema = z
  .string()
  .trim()
  .min(1)
  .max(ALLOWLIST_ADDRESS_MAX)
  .refine(isNodeAddress, 'allowlist.address');

export const allowlistEntryFieldsSchema = z
  .object({
    address: nodeAddressSchema,
    name: optionalText(ALLOWLIST_NAME_MAX),
    remarks: optionalText(ALLOWLIST_REMARKS_MAX),
  })
  .strict();
export type AllowlistEntryFields = z.output<typeof allowlistEntryFieldsSchema>;

/** One pasted line, read: its number (from 1), the fields, or the text key of what is wrong with it. */
export interface AllowlistLine {
  line: number;
  address: string;
  name: string;
  remarks: string;
  /** A contract text key; null when the line is well formed. */
  problem: AllowlistLineProblem | null;
}
export type AllowlistLineProblem =
  'allowlist.address' | 'allowlist.nameTooLong' | 'allowlist.remarksTooLong' | 'allowlist.duplicateInPaste';

/**
 * Pasted lines (`address`, `address,name` or `address,name,remarks`; comma, tab or Chinese comma
 * between), blank lines skipped; a repeat of an earlier line's address (ignoring case) is marked.
 */
export function parseAllowlistLines(text: string): AllowlistLine[] {
  const seen = new Set<string>();
  const lines: AllowlistLine[] = [];
  text.split(/\r?\n/u).forEach((raw, index) => {
    if (raw.trim() === '') return;
    const [address = '', name = '', ...rest] = raw.split(/[,\t，]/u).map((part) => part.trim());
    const remarks = rest.join(',').trim();
    let problem: AllowlistLineProblem | null = null;
    if (!isNodeAddress(address)) problem = 'allowlist.address';
    else if (name.length > ALLOWLIST_NAME_MAX) problem = 'allowlist.nameTooLong';
    else if (remarks.length > ALLOWLIST_REMARKS_MAX) problem = 'allowlist.remarksTooLong';
    else if (seen.has(address.toLowerCase())) problem = 'allowlist.duplicateInPaste';
    seen.add(address.toLowerCase());
    lines.push({ line: index + 1, address, name, remarks, problem });
  });
  return lines;
}

/** A gateway's sync state: its list confirmed, not yet confirmed, or the last send failed. */
export const ALLOWLIST_SYNC_STATES = ['synced', 'pending', 'failed'] as const;
export type AllowlistSyncState = (typeof ALLOWLIST_SYNC_STATES)[number];

export const allowlistGatewaySchema = z.object({
  gatewayId: z.number().int(),
  name: z.string(),
  deviceKey: z.string(),
  projectId: z.number().int(),
  projectName: z.string(),
  online: z.boolean(),
  entries: z.number().int(),
  /** Bumped on every change to the list. */
  revision: z.number().int(),
  /** The revision the gateway last confirmed; null when it never has. */
  syncedRevision: z.number().int().nullable(),
  syncedAt: z.string().nullable(),
  /** A contract text key or the gateway's own message; '' after a success. */
  lastError: z.string(),
  state: z.enum(ALLOWLIST_SYNC_STATES),
});
export type AllowlistGateway = z.output<typeof allowlistGatewaySchema>;

export const allowlistEntrySchema = z.object({
  entryId: z.number().int(),
  gatewayId: z.number().int(),
  address: z.string(),
  name: z.string(),
  remarks: z.string(),
  editor: z.string(),
  createdAt: z.string(),
});
export type AllowlistEntry = z.output<typeof allowlistEntrySchema>;

export const allowlistGatewayListRequestSchema = pageRequestSchema(
  { projectId: idFilter, keyword: textFilter(50) },
  ['name'] as const,
);
export const allowlistEntryListRequestSchema = pageRequestSchema(
  { gatewayId: idSchema, keyword: textFilter(64) },
  ['address', 'createdAt'] as const,
);
export type AllowlistEntryListRequest = z.input<typeof allowlistEntryListRequestSchema>;

/** The paste of the add dialog: up to ALLOWLIST_MAX lines. */
export const addAllowlistSchema = z
  .object({
    gatewayId: idSchema,
    text: z
      .string()
      .min(1)
      .max(ALLOWLIST_MAX * 300),
  })
  .strict();
export type AddAllowlist = z.input<typeof addAllowlistSchema>;

/** What an add did: the lines added and each refused line with its reason (a text key). */
export const allowlistAddReportSchema = z.object({
  added: z.number().int(),
  refused: z.array(z.object({ line: z.number().int(), address: z.string(), reason: z.string() })),
  gateway: allowlistGatewaySchema,
});
export type AllowlistAddReport = z.output<typeof allowlistAddReportSchema>;

export const deleteAllowlistSchema = z.object({ gatewayId: idSchema, ids: idListSchema }).strict();
export const syncAllowlistSchema = z.object({ gatewayId: idSchema }).strict();

export const allowlistEndpoints = {
  gateways: postBody(
    '/iot/gateway/allowlist/gateways',
    ALLOWLIST_PAGE,
    allowlistGatewayListRequestSchema,
    pageSchema(allowlistGatewaySchema),
  ),
  entries: postBody(
    '/iot/gateway/allowlist/pageList',
    ALLOWLIST_PAGE,
    allowlistEntryListRequestSchema,
    pageSchema(allowlistEntrySchema),
  ),
  add: postBody(
    '/iot/gateway/allowlist/insert',
    ALLOWLIST_BUTTONS.add,
    addAllowlistSchema,
    allowlistAddReportSchema,
  ),
  delete: postBody(
    '/iot/gateway/allowlist/delete',
    ALLOWLIST_BUTTONS.delete,
    deleteAllowlistSchema,
    allowlistGatewaySchema,
  ),
  /** Sends the whole list to the gateway now and waits for its answer (or the command timeout). */
  sync: postBody(
    '/iot/gateway/allowlist/sync',
    ALLOWLIST_BUTTONS.sync,
    syncAllowlistSchema,
    allowlistGatewaySchema,
  ),
} as const;

// ---- protocol: the reserved `$allowlist` service (PROTOCOL.md, "Gateway allowlists") ----

/** The reserved service name: `$` keeps it apart from every thing-model identifier. */
export const ALLOWLIST_SERVICE = '$allowlist';

/** Published by the platform on the gateway's `command` topic (QoS 1). */
export const allowlistCommandSchema = z.object({
  id: z.string().min(1).max(64),
  ts: z.number().int().positive(),
  service: z.literal(ALLOWLIST_SERVICE),
  params: z.object({
    revision: z.number().int().min(0),
    addresses: z.array(z.string().min(1).max(ALLOWLIST_ADDRESS_MAX)).max(ALLOWLIST_MAX),
  }),
});
export type AllowlistCommand = z.infer<typeof allowlistCommandSchema>;

/** The gateway's `reply`: code 0 with the revision and count it now keeps, or a refusal with `msg`. */
export const allowlistReplyDataSchema = z.object({
  revision: z.number().int().min(0),
  count: z.number().int().min(0),
});
