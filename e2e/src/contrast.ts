import type { Frame } from 'playwright-core';

/** A text the operator can hardly read: what it says, its colour and what it is drawn on. */
export interface LowContrastText {
  text: string;
  /** The element's tag and class, to find it in the code. */
  element: string;
  color: string;
  background: string;
  ratio: number;
}

export interface ContrastReport {
  /** How many elements with text of their own were looked at. */
  checked: number;
  /** The lowest ratio found, for the log. */
  lowest: number;
  offenders: LowContrastText[];
}

/**
 * Every visible element of the frame with text of its own: its text colour and its effective
 * background (the backgrounds of it and its ancestors composed down to the first opaque one),
 * both weighted by the opacity of the element and its ancestors; offenders are below `minimum`
 * (WCAG 2 contrast ratio). Controls that are disabled are left out, as WCAG 1.4.3 leaves out
 * inactive components.
 */
export function lowContrastTexts(frame: Frame, minimum: number): Promise<ContrastReport> {
  return frame.evaluate((threshold) => {
    type Rgba = [number, number, number, number];
    const parse = (value: string): Rgba | null => {
      const match = /rgba?\(([^)]+)\)/.exec(value);
      if (!match?.[1]) return null;
      const parts = match[1]
        .split(/[\s,/]+/)
        .filter(Boolean)
        .map(Number);
      const [r = 0, g = 0, b = 0, a = 1] = parts;
      return [r, g, b, a];
    };
    /** `top` drawn over the opaque `bottom`. */
    const over = (top: Rgba, bottom: Rgba): Rgba => {
      const a = top[3];
      return [
        top[0] * a + bottom[0] * (1 - a),
        top[1] * a + bottom[1] * (1 - a),
        top[2] * a + bottom[2] * (1 - a),
        1,
      ];
    };
    const channel = (value: number) => {
      const c = value / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    const luminance = (c: Rgba) => 0.2126 * channel(c[0]) + 0.7152 * channel(c[1]) + 0.0722 * channel(c[2]);
    const ratio = (a: Rgba, b: Rgba) => {
      const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
      return (light + 0.05) / (dark + 0.05);
    };
    const css = (c: Rgba) => `rgb(${c.slice(0, 3).map(Math.round).join(', ')})`;

    /** The colour under `element`: its and its ancestors' backgrounds, each faded by its own opacity. */
    const backgroundOf = (element: Element): Rgba => {
      const layers: Rgba[] = [];
      for (let node: Element | null = element; node; node = node.parentElement) {
        const style = getComputedStyle(node);
        const color = parse(style.backgroundColor);
        if (color && color[3] > 0) {
          const faded: Rgba = [color[0], color[1], color[2], color[3] * Number(style.opacity)];
          layers.push(faded);
          if (faded[3] >= 1) break;
        }
      }
      // Nothing opaque at all: the browser's canvas, white.
      let result: Rgba = [255, 255, 255, 1];
      for (const layer of layers.reverse()) result = over(layer, result);
      return result;
    };
    const opacityOf = (element: Element) => {
      let opacity = 1;
      for (let node: Element | null = element; node; node = node.parentElement)
        opacity *= Number(getComputedStyle(node).opacity);
      return opacity;
    };

    const offenders: LowContrastText[] = [];
    let checked = 0;
    let lowest = Infinity;
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      const text = Array.from(element.childNodes)
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => node.textContent ?? '')
        .join('')
        .trim();
      if (!text || ['SCRIPT', 'STYLE', 'NOSCRIPT', 'TITLE'].includes(element.tagName)) continue;
      if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      const box = element.getBoundingClientRect();
      if (box.width < 1 || box.height < 1) continue;
      if (element.closest('[disabled], [aria-disabled="true"], [class*="-disabled"]')) continue;
      const color = parse(getComputedStyle(element).color);
      if (!color) continue;
      const background = backgroundOf(element);
      const shown = over([color[0], color[1], color[2], color[3] * opacityOf(element)], background);
      const value = ratio(shown, background);
      checked += 1;
      lowest = Math.min(lowest, value);
      if (value < threshold)
        offenders.push({
          text: text.slice(0, 40),
          element: `${element.tagName.toLowerCase()}.${String(element.className).split(/\s+/).join('.')}`,
          color: css(shown),
          background: css(background),
          ratio: Math.round(value * 100) / 100,
        });
    }
    return { checked, lowest: Math.round(lowest * 100) / 100, offenders };
  }, minimum);
}
