import type { PluginClient } from './client.js';
import type { PluginControl } from './session.js';

/** The connection to the plug-in, kept across a kept-alive page's hiding (its effects end, it does not). */
export class Connection {
  client: PluginClient | null = null;
  control: PluginControl | null = null;
  finding = false;
  abort = new AbortController();
  /** Stops watching a hidden page's container for its removal. */
  unwatch: () => void = () => undefined;

  /** The page left: its grid is destroyed and the socket closed. */
  leave(): void {
    this.unwatch();
    this.abort.abort();
    this.control?.destroy();
    this.client?.close();
    this.client = null;
    this.control = null;
  }
}
