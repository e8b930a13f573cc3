export { startXvfb, type VirtualDisplay } from './xvfb.js';
export { x11Windows, grabGray, type X11Window } from './x11.js';
export { PluginClient, encryptForPlugin } from './client.js';
export { spread, meanDifference } from './pictures.js';
