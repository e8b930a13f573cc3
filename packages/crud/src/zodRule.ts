import type { Rule } from 'antd/es/form';
import type { z } from 'zod';
import { contractTexts, type TextKey } from '@cityops/contract';
import { i18n } from '@cityops/ui';

const isTextKey = (value: string): value is TextKey => Object.hasOwn(contractTexts['zh-CN'], value);

/**
 * A form rule from the contract's own field schema, so the form refuses exactly what the server
 * would, in the same words (the schema's messages are the contract's text keys).
 */
export const zodRule = (schema: z.ZodType, fallback: string): Rule => ({
  validator: async (_, value: unknown) => {
    const parsed = schema.safeParse(value ?? undefined);
    if (parsed.success) return;
    const message = parsed.error.issues[0]?.message ?? '';
    throw new Error(isTextKey(message) ? i18n.t(`contract:${message}`) : fallback);
  },
});
