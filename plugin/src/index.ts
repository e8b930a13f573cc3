export { startPlugin, type PluginOptions, type RunningPlugin } from './server.js';
export type { PlayerFactory, PlayerSpec, PlayerWindow } from './players/player.js';
export type { MicInput } from './media/talk.js';
export type { PluginTools } from './media/tools.js';
export { originAllowed } from './origin.js';
export { gridCells } from './grid.js';
