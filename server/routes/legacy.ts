/**
 * The older obfuscated endpoint family (spec section 7): confirm detail, agreement list,
 * agreement jump, push loan, product click record and product link lookup, under one
 * configurable prefix (config/app.json legacyPrefix), success '00'. Each call runs the same code
 * as its v3 twin (lib/loanOffer, lib/contracts), so the older page cannot take a loan the v3 page
 * would refuse.
 */
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../http/context';
import { userEndpoint } from '../http/endpoint';
import { agreementLink, agreementList } from '../domain/contracts';
import { findProduct, loanOffer, pushLoan } from '../domain/loanOffer';

/** Product clicks are stored with the event log; this module id tells them from Borrow Again (30). */
export const PRODUCT_CLICK_MODULE = 31;

export function registerLegacy(app: FastifyInstance, ctx: ServerContext): void {
  userEndpoint(app, ctx, 'legacyConfirmDetail', async ({ body, user }) =>
    loanOffer(ctx, user, body.productId),
  );
  userEndpoint(app, ctx, 'legacyContractList', async ({ body }) =>
    agreementList(ctx.db, body.productId),
  );
  userEndpoint(app, ctx, 'legacyContractJump', async ({ body, user }) =>
    agreementLink(ctx.db, user, body),
  );
  userEndpoint(app, ctx, 'legacyLoanPush', async ({ body, user }) => pushLoan(ctx, user, body));

  userEndpoint(app, ctx, 'legacyProductClick', async ({ body, user }) => {
    const p = await findProduct(ctx.db, body.productId);
    await ctx.db
      .insertInto('events')
      .values({
        user_id: user.userId,
        product_id: p.id,
        module_id: PRODUCT_CLICK_MODULE,
        position_id: body.position ?? 0,
      })
      .execute();
    return { recorded: true };
  });

  userEndpoint(app, ctx, 'legacyProductLink', async ({ body }) => {
    const p = await findProduct(ctx.db, body.productId);
    return { link: p.link };
  });
}
