import type { Rule } from 'antd/es/form';
import type { z } from 'zod';
import { issueValues, isTextKey } from '@cityops/contract';
import { i18n } from '@cityops/ui';

/**
 * A form rule from the contract's own field schema, so the form refuses exactly what the server
 * would, in the same words (the schema's messages are the contract's text keys, filled with the
 * limits the issue names).
 */
export const zodRule = (schema: z.ZodType, fallback: string): Rule => ({
  validator: async (_, value: unknown) => {
    const parsed = schema.safeParse(value ?? undefined);
    if (parsed.success) return;
    const issue = parsed.error.issues[0];
    const message = issue?.message ?? '';
    throw new Error(
      isTextKey(message) && issue ? i18n.t(`contract:${message}`, issueValues(issue)) : fallback,
    );
  },
});
