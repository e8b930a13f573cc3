import type { Rule } from 'antd/es/form';
import type { z } from 'zod';
import { issueValues, isTextKey } from '@cityops/contract';
import { i18n } from '@cityops/ui';

const isEmpty = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * A form rule from the contract's own field schema, so the form refuses exactly what the server
 * would, in the same words (the schema's messages are the contract's text keys, filled with the
 * limits the issue names).
 *
 * An empty field passes: saying that it is empty is the `required` rule's job (请输入姓名), and a second
 * line under the same field (长度为1-50个字符, or the bare label) would only repeat it. So a field that
 * must be filled in carries a required rule besides this one.
 */
export const zodRule = (schema: z.ZodType, fallback: string): Rule => ({
  validator: async (_, value: unknown) => {
    if (isEmpty(value)) return;
    const parsed = schema.safeParse(value ?? undefined);
    if (parsed.success) return;
    const issue = parsed.error.issues[0];
    const message = issue?.message ?? '';
    throw new Error(
      isTextKey(message) && issue ? i18n.t(`contract:${message}`, issueValues(issue)) : fallback,
    );
  },
});
