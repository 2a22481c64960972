/**
 * One captcha image, one use. get-sms spends the image whatever the answer (a solved captcha
 * cannot be replayed to look up other phones); wrong answers count per sid and a refresh (new
 * image, same sid) does not reset them. A get-sms that sends a code records the phone on the
 * captcha: register then accepts that sid + answer for that phone (until it succeeds, within the
 * captcha lifetime), so the register page needs no second captcha. Register with any other
 * captcha spends it like get-sms does.
 */
import type { Db } from '../db';
import { randomCaptchaText } from './captcha';

export const CAPTCHA_TTL_MS = 10 * 60 * 1000;
export const CAPTCHA_MAX_TRIES = 5;

/** The database and the clock: all a captcha needs. */
type Ctx = { db: Db; now: () => Date };

const same = (text: string, capcode: string) => text.toUpperCase() === capcode.trim().toUpperCase();

/** Claims the current image (atomically: one caller wins) and says whether the answer is right. */
export async function spendCaptcha(ctx: Ctx, sid: string, capcode: string): Promise<boolean> {
  const now = ctx.now();
  const row = await ctx.db
    .updateTable('captchas')
    .set({ spent_at: now })
    .where('sid', '=', sid)
    .where('spent_at', 'is', null)
    .where('used_at', 'is', null)
    .where('sms_phone', 'is', null)
    .where('tries', '<', CAPTCHA_MAX_TRIES)
    .where('created_at', '>', new Date(now.getTime() - CAPTCHA_TTL_MS))
    .returning('text')
    .executeTakeFirst();
  if (!row) return false;
  if (same(row.text, capcode)) return true;
  await ctx.db
    .updateTable('captchas')
    .set((eb) => ({ tries: eb('tries', '+', 1) }))
    .where('sid', '=', sid)
    .execute();
  return false;
}

/** After get-sms sent a code: this sid + answer now stands for that phone at register. */
export async function grantForRegister(ctx: Ctx, sid: string, phone: string): Promise<void> {
  await ctx.db
    .updateTable('captchas')
    .set({ sms_phone: phone, spent_at: ctx.now() })
    .where('sid', '=', sid)
    .execute();
}

/** Register's captcha check: the get-sms grant for this phone, else a fresh image (spent). */
export async function checkForRegister(
  ctx: Ctx,
  sid: string,
  capcode: string,
  phone: string,
): Promise<boolean> {
  const now = ctx.now();
  const granted = await ctx.db
    .selectFrom('captchas')
    .select(['text', 'spent_at'])
    .where('sid', '=', sid)
    .where('sms_phone', '=', phone)
    .where('used_at', 'is', null)
    .where('tries', '<', CAPTCHA_MAX_TRIES)
    .executeTakeFirst();
  if (granted) {
    const alive =
      granted.spent_at !== null && now.getTime() - granted.spent_at.getTime() < CAPTCHA_TTL_MS;
    if (alive && same(granted.text, capcode)) return true;
    await ctx.db
      .updateTable('captchas')
      .set((eb) => ({ tries: eb('tries', '+', 1) }))
      .where('sid', '=', sid)
      .execute();
    return false;
  }
  return spendCaptcha(ctx, sid, capcode);
}

/** Registration done: the captcha is finished for good. */
export async function closeCaptcha(ctx: Ctx, sid: string): Promise<void> {
  await ctx.db.updateTable('captchas').set({ used_at: ctx.now() }).where('sid', '=', sid).execute();
}

/** A new image for the same sid: the try count is kept; a used, granted or exhausted sid gets none. */
export async function redrawCaptcha(ctx: Ctx, sid: string): Promise<string | null> {
  const text = randomCaptchaText();
  const res = await ctx.db
    .updateTable('captchas')
    .set({ text, spent_at: null, created_at: ctx.now() })
    .where('sid', '=', sid)
    .where('used_at', 'is', null)
    .where('sms_phone', 'is', null)
    .where('tries', '<', CAPTCHA_MAX_TRIES)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1 ? text : null;
}
