export { IntercomPanel, type IntercomPanelProps } from './IntercomPanel.js';
