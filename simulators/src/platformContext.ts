import type { CameraRegistry } from './cameras/cameraRegistry.js';
import type { StreamTokens } from './cameras/streamTokens.js';
import type { Clock } from './clock.js';

/** What a platform's API handlers need from the rest of the simulator. */
export interface PlatformContext {
  registry: CameraRegistry;
  tokens: StreamTokens;
  clock: Clock;
  /** ws://host:port of this platform's media endpoints, known once the server listens */
  mediaBase: () => string;
}
