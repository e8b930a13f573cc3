export { startSubApp } from './start.js';
export { createRuntime, type FrameWindow, type RuntimeOptions, type SubAppRuntime } from './runtime.js';
export { SubAppRoot, type SubAppPageProps, type SubAppPages } from './SubAppRoot.js';
export { useFrame, useRuntime, useSubAppNavigate } from './context.js';
export { permissionsQuery, useFramePermissions } from './queries.js';
export { keptPaths, type FrameState } from './frameStore.js';
