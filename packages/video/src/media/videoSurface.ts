import { theme } from 'antd';

/**
 * The colours of the picture area. Video is shown on black in either theme, as in any player (a
 * white letterbox around a night scene would glare); what is drawn over it (the empty window's text,
 * the camera's name) takes antd's dark-theme tokens, which are meant to be read on black. Everything
 * around the picture (toolbar, timeline, pan-tilt panel) takes the page's own theme tokens.
 */
export const videoSurface = theme.getDesignToken({ algorithm: theme.darkAlgorithm });
