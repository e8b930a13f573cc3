import { Bitmap, encodePng } from './png.js';
import { GLYPHS } from './glyphs.js';

type Colour = readonly [number, number, number];

const WIDTH = 120;
const HEIGHT = 40;
/** Glyph cells are 5x7; each glyph is drawn this many pixels a cell, picked per axis and per glyph. */
const SCALE_X = [2.6, 3.4] as const;
const SCALE_Y = [2.9, 3.6] as const;
/** Most a glyph turns either way, in radians (about 17 degrees: still read at a glance). */
const MAX_TURN = 0.3;

/*
 * What beats matching each glyph cell against the known 5x7 bitmaps, while a person still reads the
 * text at a glance: every glyph is scaled, turned, sheared and wobbled on its own (no two draws of a
 * character have the same pixels), placed at a varying spot, the whole line rides a wave, and the
 * noise (curves, strokes, specks, holes) is drawn in the same dark inks as the text, so no threshold
 * separates them. Noise only has to be unpredictable enough to bother a script; the answer itself is
 * picked with crypto (captcha.ts).
 */
const random = (low: number, high: number) => low + Math.random() * (high - low);
const between = (low: number, high: number) => Math.floor(random(low, high + 1));
const colour = (low: number, high: number): Colour => [
  between(low, high),
  between(low, high),
  between(low, high),
];
const ink = () => colour(10, 110);

function dot(image: Bitmap, x: number, y: number, size: number, paint: Colour) {
  for (let dy = 0; dy < size; dy++) for (let dx = 0; dx < size; dx++) image.set(x + dx, y + dy, paint);
}

/** A wavy stroke across the image, in an ink like the text's. */
function curve(image: Bitmap, paint: Colour, size: number) {
  const [from, to] = [between(0, 15), between(WIDTH - 15, WIDTH)];
  const [y0, y1] = [random(6, HEIGHT - 6), random(6, HEIGHT - 6)];
  const [amplitude, period, phase] = [random(2, 7), random(25, 70), random(0, 2 * Math.PI)];
  for (let x = from; x <= to; x += 0.5) {
    const along = (x - from) / (to - from);
    const y = y0 + (y1 - y0) * along + amplitude * Math.sin((2 * Math.PI * x) / period + phase);
    dot(image, x, y, size, paint);
  }
}

/** A short straight stroke somewhere, like a piece of a glyph. */
function stroke(image: Bitmap, paint: Colour) {
  const [x, y, length, angle] = [random(0, WIDTH), random(0, HEIGHT), random(5, 12), random(0, Math.PI)];
  for (let i = 0; i <= length; i += 0.5)
    dot(image, x + i * Math.cos(angle), y + i * Math.sin(angle), 1, paint);
}

interface Placement {
  rows: readonly string[];
  cx: number;
  cy: number;
}

/** Draws one glyph by mapping every pixel around its centre back into the 5x7 grid. */
function glyph(image: Bitmap, { rows, cx, cy }: Placement, wave: (x: number) => number) {
  const paint = ink();
  const [sx, sy] = [random(...SCALE_X), random(...SCALE_Y)];
  const turn = random(-MAX_TURN, MAX_TURN);
  const shear = random(-0.15, 0.15);
  const [cos, sin] = [Math.cos(turn), Math.sin(turn)];
  const wobble = { u: random(0.08, 0.22), v: random(0.08, 0.22), pu: random(0, 7), pv: random(0, 7) };
  const thin = random(0, 0.02);
  for (let y = Math.floor(cy - 18); y <= cy + 18; y++) {
    for (let x = Math.floor(cx - 18); x <= cx + 18; x++) {
      const dx = x - cx;
      const dy = y - wave(x) - cy;
      let rx = dx * cos + dy * sin;
      const ry = -dx * sin + dy * cos;
      rx -= shear * ry;
      let u = rx / sx + 2.5;
      let v = ry / sy + 3.5;
      u += wobble.u * Math.sin(v * 1.3 + wobble.pu);
      v += wobble.v * Math.sin(u * 1.1 + wobble.pv);
      if (rows[Math.floor(v)]?.[Math.floor(u)] !== '1' || Math.random() < thin) continue;
      const shade = between(-20, 20);
      image.set(x, y, [paint[0] + shade, paint[1] + shade, paint[2] + shade]);
    }
  }
}

/** Draws the captcha text on a noisy background and answers the PNG. */
export function drawCaptcha(answer: string): Buffer {
  const image = new Bitmap(WIDTH, HEIGHT);
  const [top, bottom] = [colour(215, 250), colour(215, 250)];
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const mix = y / HEIGHT;
      const shade = between(-8, 8);
      image.set(
        x,
        y,
        top.map((channel, c) => channel * (1 - mix) + (bottom[c] ?? channel) * mix + shade),
      );
    }
  }
  for (let i = 0; i < 250; i++) dot(image, random(0, WIDTH), random(0, HEIGHT), 1, colour(40, 200));
  for (let i = 0; i < 3; i++) stroke(image, ink());

  const [amplitude, period, phase] = [random(1, 2.5), random(40, 80), random(0, 2 * Math.PI)];
  const wave = (x: number) => amplitude * Math.sin((2 * Math.PI * x) / period + phase);
  const advance = (WIDTH - 20) / Math.max(1, answer.length);
  [...answer].forEach((char, i) => {
    const rows = GLYPHS[char];
    if (rows)
      glyph(
        image,
        { rows, cx: 10 + advance * (i + 0.5) + random(-3, 3), cy: HEIGHT / 2 + random(-2, 2) },
        wave,
      );
  });

  curve(image, colour(90, 170), 2);
  curve(image, ink(), 1);
  for (let i = 0; i < 120; i++) dot(image, random(0, WIDTH), random(0, HEIGHT), 1, ink());
  for (let i = 0; i < 90; i++) dot(image, random(0, WIDTH), random(0, HEIGHT), 1, colour(200, 250));
  return encodePng(image);
}
