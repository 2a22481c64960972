/**
 * Account deletion (SMS code type "del", then user-delete ending every session), plus the public
 * info calls: contact-kf-info and union-error-info.
 */
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../http/context';
import { publicEndpoint, userEndpoint, withMessage } from '../http/endpoint';
import { BusinessError } from '../core/errors';
import { recommendedProducts } from '../domain/products';
import { refuseIfOpenLoan } from '../domain/openLoans';
import { getSetting } from '../domain/storedSettings';

/** Compare phones by their last 9 digits: "0712345678", "712345678" and "+255712345678" match. */
export function samePhone(a: string, b: string): boolean {
  const tail = (s: string) => s.replace(/\D/g, '').slice(-9);
  return tail(a).length === 9 && tail(a) === tail(b);
}

const CODE_DIGITS = { del: 4, login: 6 } as const;

export function registerAccount(app: FastifyInstance, ctx: ServerContext): void {
  userEndpoint(app, ctx, 'sendSmsCodeNew', async ({ body, user, ip }) => {
    if (!samePhone(body.phone, user.phone))
      throw new BusinessError('1001', 'This phone number does not belong to your account.');
    // Say so before a code is sent: a borrower with a loan to repay learns it at the first step.
    if (body.type === 'del') await refuseIfOpenLoan(ctx.db, user.userId);
    await ctx.sms.issue(user.phone, body.type, ip, CODE_DIGITS[body.type]);
    return withMessage(
      { expiresIn: 600, length: CODE_DIGITS[body.type] },
      'Verification code sent!',
    );
  });

  userEndpoint(app, ctx, 'userDelete', async ({ body, user }) => {
    if (!samePhone(body.phone, user.phone))
      throw new BusinessError('1001', 'This phone number does not belong to your account.');
    const result = await ctx.sms.verify(user.phone, 'del', body.code);
    if (result !== 'ok') throw new BusinessError('1002', 'Wrong or expired verification code.');
    const now = ctx.now();
    await ctx.db.transaction().execute(async (trx) => {
      // The user row is locked, and loan-push locks it too: a loan taken meanwhile is either seen
      // here or refused there (the account is gone), never left behind on a deleted account.
      await trx
        .selectFrom('users')
        .select('id')
        .where('id', '=', user.userId)
        .forUpdate()
        .execute();
      await refuseIfOpenLoan(trx, user.userId);
      await trx
        .updateTable('users')
        .set({ deleted_at: now })
        .where('id', '=', user.userId)
        .execute();
      // Every session of the user ends, not only the one that asked.
      await trx
        .updateTable('sessions')
        .set({ revoked_at: now })
        .where('user_id', '=', user.userId)
        .where('revoked_at', 'is', null)
        .execute();
    });
    return withMessage({ deleted: true }, 'Your account has been deleted!');
  });

  publicEndpoint(app, ctx, 'contactKfInfo', async () => {
    const c = await getSetting(ctx.db, 'contact');
    return { email: c.email, smWa: c.smWa, telephone: c.telephone };
  });

  publicEndpoint(
    app,
    ctx,
    'unionErrorInfo',
    async () => {
      const u = await getSetting(ctx.db, 'unionError');
      return {
        noticeMessage: u.noticeMessage,
        errMessage: u.errMessage,
        family: await recommendedProducts(ctx.db, ctx.cfg.currencyLabel),
      };
    },
    { alsoGet: true },
  );
}
