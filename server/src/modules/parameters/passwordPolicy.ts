import { passwordPolicyBreach, StatusCode } from '@cityops/contract';
import type { AppContext } from '../../http/context.js';
import { ApiError } from '../../http/envelope.js';

/**
 * Refuses (10001, nothing written) a new password that breaks the password policy in force; the
 * contract has already checked §5's rules. Every place that sets a password calls it: the user's own
 * change, an administrator's reset and a new account.
 */
export async function checkPasswordPolicy(ctx: Pick<AppContext, 'parameters'>, password: string) {
  const breach = passwordPolicyBreach(password, await ctx.parameters.get('password'));
  if (breach) throw new ApiError(StatusCode.REJECTED, breach.key, breach.values);
}

/** Whether an account whose password an administrator set must choose its own at the next sign-in. */
export const mustChangeFirst = async (ctx: Pick<AppContext, 'parameters'>) =>
  (await ctx.parameters.get('password')).mustChangeFirst;
