import { Bitmap, encodePng } from './png.js';
import { GLYPHS } from './glyphs.js';

type Colour = readonly [number, number, number];

const WIDTH = 120;
const HEIGHT = 40;
const SCALE = 3;
const ADVANCE = 26;

// Noise only has to be unpredictable enough to bother a script; the answer itself uses crypto.
const between = (low: number, high: number) => low + Math.floor(Math.random() * (high - low + 1));
const colour = (low: number, high: number): Colour => [
  between(low, high),
  between(low, high),
  between(low, high),
];

function line(image: Bitmap, from: [number, number], to: [number, number], ink: Colour) {
  const steps = Math.max(Math.abs(to[0] - from[0]), Math.abs(to[1] - from[1]));
  for (let i = 0; i <= steps; i++) {
    image.set(from[0] + ((to[0] - from[0]) * i) / steps, from[1] + ((to[1] - from[1]) * i) / steps, ink);
  }
}

/** One glyph, scaled, nudged and slanted a little so no two captchas of the same text look alike. */
function glyph(image: Bitmap, rows: readonly string[], left: number, top: number, ink: Colour) {
  const slant = (Math.random() - 0.5) * 1.6;
  rows.forEach((row, y) => {
    const shift = Math.round((3 - y) * slant);
    [...row].forEach((bit, x) => {
      if (bit !== '1') return;
      for (let dy = 0; dy < SCALE; dy++) {
        for (let dx = 0; dx < SCALE; dx++)
          image.set(left + x * SCALE + dx + shift, top + y * SCALE + dy, ink);
      }
    });
  });
}

/** Draws the captcha text on a noisy background and answers the PNG. */
export function drawCaptcha(answer: string): Buffer {
  const image = new Bitmap(WIDTH, HEIGHT);
  const paper = colour(228, 250);
  for (let y = 0; y < HEIGHT; y++) for (let x = 0; x < WIDTH; x++) image.set(x, y, paper);
  for (let i = 0; i < 4; i++) {
    line(
      image,
      [between(0, 20), between(0, HEIGHT)],
      [between(WIDTH - 20, WIDTH), between(0, HEIGHT)],
      colour(90, 200),
    );
  }
  [...answer].forEach((char, i) => {
    const rows = GLYPHS[char];
    if (rows) glyph(image, rows, 10 + i * ADVANCE + between(-3, 3), between(5, 14), colour(10, 110));
  });
  for (let i = 0; i < 160; i++) image.set(between(0, WIDTH), between(0, HEIGHT), colour(60, 230));
  return encodePng(image);
}
