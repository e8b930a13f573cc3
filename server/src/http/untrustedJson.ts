/**
 * JSON from outside (request bodies, socket frames, device payloads) is parsed only once its nesting
 * is known to be shallow. No message of ours nests anywhere near JSON_MAX_DEPTH (a GeoJSON polygon
 * inside a form is about eight levels), while a body of the size limit can nest half a million levels
 * deep, and every later walk over such a value (validation, the NUL check, logging) pays for each
 * level. The depth is counted in one pass over the text, before JSON.parse builds anything.
 */
export const JSON_MAX_DEPTH = 64;

const OPEN_OBJECT = 0x7b; // {
const OPEN_ARRAY = 0x5b; // [
const CLOSE_OBJECT = 0x7d; // }
const CLOSE_ARRAY = 0x5d; // ]
const QUOTE = 0x22; // "
const BACKSLASH = 0x5c; // \

/**
 * Whether the text nests objects and arrays deeper than `max`: linear in its length, and stops at the
 * first level too many. Brackets inside strings do not count; malformed text is left to JSON.parse.
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i += 1;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      depth += 1;
      if (depth > max) return true;
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) depth -= 1;
  }
  return false;
}

export class JsonTooDeepError extends Error {
  constructor(readonly maxDepth: number) {
    super(`JSON nests deeper than ${maxDepth} levels`);
    this.name = 'JsonTooDeepError';
  }
}

/**
 * JSON.parse for text from outside: throws JsonTooDeepError past `maxDepth` levels, and JSON.parse's
 * own SyntaxError for what is not JSON.
 */
export function parseUntrustedJson(text: string, maxDepth = JSON_MAX_DEPTH): unknown {
  if (nestsDeeperThan(text, maxDepth)) throw new JsonTooDeepError(maxDepth);
  return JSON.parse(text) as unknown;
}
