import { allowlistCommandSchema, ALLOWLIST_SERVICE, type ReplyPayload } from '@cityops/contract';

/**
 * A simulated gateway's allowlist (PROTOCOL.md "Gateway allowlists"): it takes the whole
 * list the platform sends as `$allowlist` {revision, addresses}, keeps it (across its restarts, as a
 * real gateway keeps it in flash) and answers the revision and count it now holds.
 */
export class AllowlistKeeper {
  revision = 0;
  addresses: readonly string[] = [];

  /** The reply to a `$allowlist` command, or null when the message is another command. */
  answer(message: unknown): ReplyPayload | null {
    if (
      typeof message !== 'object' ||
      message === null ||
      (message as { service?: unknown }).service !== ALLOWLIST_SERVICE
    )
      return null;
    const command = allowlistCommandSchema.safeParse(message);
    const id = (message as { id?: unknown }).id;
    if (!command.success)
      return typeof id === 'string' ? { id, code: 2, msg: 'invalid allowlist', data: undefined } : null;
    const { revision, addresses } = command.data.params;
    this.revision = revision;
    this.addresses = [...addresses];
    return { id: command.data.id, code: 0, msg: '', data: { revision, count: addresses.length } };
  }
}
