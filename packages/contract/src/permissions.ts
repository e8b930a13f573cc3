import { z } from 'zod';

/**
 * Permission item types (platform-shell.md §6): 0 top-level system or menu group; 1, 2, 3, 6 menu or
 * page entries (3 opens an external link from the top navigation); 4 and 5 button/element codes.
 */
export const PermissionType = {
  SYSTEM: 0,
  MENU: 1,
  PAGE: 2,
  EXTERNAL_LINK: 3,
  BUTTON: 4,
  ELEMENT: 5,
  HIDDEN_PAGE: 6,
} as const;
export type PermissionType = (typeof PermissionType)[keyof typeof PermissionType];

export const ELEMENT_TYPES: readonly number[] = [PermissionType.BUTTON, PermissionType.ELEMENT];

/** Code of the message-centre icon's permission. */
export const MSG_PAGE_CODE = 'msg_page';

/**
 * Code of the message-centre page the icon opens (/admin/message). msg_page without it would be an
 * icon leading to a page the user cannot open, so the shell shows the icon only with both.
 */
export const MESSAGE_CENTRE_PAGE = 'message';

export const permissionItemSchema = z.object({
  id: z.number().int(),
  parentId: z.number().int(),
  code: z.string(),
  type: z.number().int().min(0).max(6),
  name: z.string(),
  url: z.string(),
  sortNum: z.number().int(),
  icon: z.string(),
  level: z.number().int(),
});
export type PermissionItem = z.infer<typeof permissionItemSchema>;
