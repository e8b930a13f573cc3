import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import { captchas } from '../../db/schema.js';
import type { AppContext } from '../../http/context.js';
import { drawCaptcha } from './captchaImage.js';
import { CAPTCHA_ALPHABET } from './glyphs.js';

export const CAPTCHA_LENGTH = 4;
export const CAPTCHA_TTL_MS = 2 * 60_000;

export const randomCaptchaText = () =>
  Array.from({ length: CAPTCHA_LENGTH }, () => CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)]).join('');

/** Salted with the captcha's id so equal answers never share a hash. */
const answerHash = (id: string, answer: string) =>
  createHash('sha256').update(`${id}:${answer.trim().toUpperCase()}`).digest('hex');

/** A new captcha: the image for the user, and its id to send back with the answer. */
export async function issueCaptcha(ctx: AppContext) {
  const answer = ctx.captchaText();
  const id = randomBytes(16).toString('base64url');
  const now = ctx.now();
  await ctx.db.insert(captchas).values({
    id,
    answerHash: answerHash(id, answer),
    expiresAt: new Date(now.getTime() + CAPTCHA_TTL_MS),
  });
  await ctx.db.delete(captchas).where(lt(captchas.expiresAt, new Date(now.getTime() - 3_600_000)));
  return { img: `data:image/png;base64,${drawCaptcha(answer).toString('base64')}`, imgId: id };
}

/**
 * Uses up a captcha and says whether the answer was right. Any attempt spends it, right or wrong,
 * so an answer cannot be guessed by trying again with the same image.
 */
export async function redeemCaptcha(ctx: AppContext, id: string, answer: string): Promise<boolean> {
  const [row] = await ctx.db
    .update(captchas)
    .set({ used: true })
    .where(and(eq(captchas.id, id), eq(captchas.used, false), gt(captchas.expiresAt, ctx.now())))
    .returning({ answerHash: captchas.answerHash });
  if (!row) return false;
  return timingSafeEqual(Buffer.from(answerHash(id, answer)), Buffer.from(row.answerHash));
}
