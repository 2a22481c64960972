/**
 * Registration promotion (public): template, tracking, captcha session + image, SMS code and
 * register, with the codes of spec section 8 (get-sms: 0 / 101 / 11; register: 0 / 11 / -1).
 */
import type { FastifyInstance } from 'fastify';
import type { RequestOf } from '@kopa/contract';
import type { ServerContext } from '../http/context';
import { publicEndpoint } from '../http/endpoint';
import { BusinessError, notFound } from '../core/errors';
import { randomCaptchaText, renderCaptcha } from '../domain/captcha';
import {
  checkForRegister,
  closeCaptcha,
  grantForRegister,
  redrawCaptcha,
  spendCaptcha,
} from '../domain/captchaGate';
import { getTemplate } from '../domain/storedSettings';
import { randomId } from '../domain/tokens';

type TrackBody = RequestOf<'trackVisit'> | RequestOf<'trackClick'>;

async function isRegistered(ctx: ServerContext, phone: string): Promise<boolean> {
  const row = await ctx.db
    .selectFrom('users')
    .select('id')
    .where('phone', '=', phone)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Boolean(row);
}

const ALREADY = 'This phone number is already registered. Please download the app and log in.';

export function registerPromotion(app: FastifyInstance, ctx: ServerContext): void {
  publicEndpoint(app, ctx, 'channelTemplate', async ({ body }) => {
    const t = await getTemplate(ctx.db, body.templateId || 'default');
    if (!t) throw notFound('Template not found.');
    return t;
  });

  const track =
    (kind: 'visit' | 'click') =>
    async ({ body, ip }: { body: TrackBody; ip: string }) => {
      await ctx.db
        .insertInto('track_events')
        .values({
          kind,
          page_id: body.page_id ?? '',
          user_from: body.user_from ?? '',
          client_type: body.client_type ?? '',
          page_type: body.page_type ?? 1,
          utm_tag: body.utm_tag ?? '',
          app_from: body.app_from ?? '',
          phone: body.phone ?? '',
          ip,
        })
        .execute();
      return { recorded: true };
    };
  publicEndpoint(app, ctx, 'trackVisit', track('visit'));
  publicEndpoint(app, ctx, 'trackClick', track('click'));

  publicEndpoint(app, ctx, 'getSid', async ({ ip }) => {
    const sid = randomId('S', 12);
    await ctx.db
      .insertInto('captchas')
      .values({ sid, text: randomCaptchaText(), ip, created_at: ctx.now(), used_at: null })
      .execute();
    return { sid };
  });

  // Each fetch draws a new text (the refresh button just reloads the image).
  publicEndpoint(app, ctx, 'getCaptcha', async ({ body, reply }) => {
    // A new image keeps the sid's wrong-try count (lib/captchaGate).
    const text = await redrawCaptcha(ctx, body.sid);
    if (!text) throw notFound('Unknown, used or exhausted captcha session; call get-sid again.');
    return reply
      .header('Content-Type', 'image/png')
      .header('Cache-Control', 'no-store')
      .send(renderCaptcha(text));
  });

  publicEndpoint(app, ctx, 'getSms', async ({ body, ip }) => {
    if (!(await spendCaptcha(ctx, body.sid, body.capcode)))
      throw new BusinessError('101', 'Wrong graphic captcha, please try again.');
    if (await isRegistered(ctx, body.phone)) throw new BusinessError('11', ALREADY);
    await ctx.sms.issue(body.phone, 'register', ip, 6);
    await grantForRegister(ctx, body.sid, body.phone);
    return { expiresIn: 600 };
  });

  publicEndpoint(app, ctx, 'register', async ({ body }) => {
    if (!(await checkForRegister(ctx, body.sid, body.capcode, body.phone)))
      throw new BusinessError('-1', 'The captcha is wrong, please refresh it.');
    if (await isRegistered(ctx, body.phone)) throw new BusinessError('11', ALREADY);
    if ((await ctx.sms.verify(body.phone, 'register', body.smsCode)) !== 'ok')
      throw new BusinessError('102', 'Wrong or expired SMS code.');
    const userId = randomId('U', 6);
    await ctx.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('users')
        .values({ id: userId, phone: body.phone, name: body.userName ?? '', deleted_at: null })
        .execute();
      await closeCaptcha({ db: trx, now: ctx.now }, body.sid);
    });
    return { userId };
  });
}
