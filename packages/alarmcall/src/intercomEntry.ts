export { IntercomDepsContext, IntercomPanel, type IntercomPanelProps } from './IntercomPanel.js';
