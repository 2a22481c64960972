/**
 * The older obfuscated endpoint family (spec section 7): confirm detail, agreement list,
 * agreement jump, push loan, product click record and product link lookup, under one
 * configurable prefix (config/app.json legacyPrefix), success '00'. Each call runs the same code
 * as its v3 twin (lib/loanOffer, lib/contracts), so the older page cannot take a loan the v3 page
 * would refuse.
 */
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';
import { userEndpoint } from '../endpoint';
import { agreementLink, agreementList, type ContractJumpBody } from '../lib/contracts';
import { findProduct, loanOffer, pushLoan, type PushBody } from '../lib/loanOffer';

interface ProductBody { productId: string }
interface ClickBody { productId: string; position?: number }

/** Product clicks are stored with the event log; this module id tells them from Borrow Again (30). */
export const PRODUCT_CLICK_MODULE = 31;

export function registerLegacy(app: FastifyInstance, ctx: ServerContext): void {
  userEndpoint<ProductBody>(app, ctx, 'legacyConfirmDetail', async ({ body, user }) => loanOffer(ctx, user, body.productId));
  userEndpoint<{ productId: string }>(app, ctx, 'legacyContractList', async ({ body }) => agreementList(ctx, body.productId));
  userEndpoint<ContractJumpBody>(app, ctx, 'legacyContractJump', async ({ body, user }) => agreementLink(ctx, user, body));
  userEndpoint<PushBody>(app, ctx, 'legacyLoanPush', async ({ body, user }) => pushLoan(ctx, user, body));

  userEndpoint<ClickBody>(app, ctx, 'legacyProductClick', async ({ body, user }) => {
    const p = await findProduct(ctx.db, body.productId);
    await ctx.db.insertInto('events').values({ user_id: user.userId, product_id: p.id, module_id: PRODUCT_CLICK_MODULE, position_id: body.position ?? 0 }).execute();
    return { recorded: true };
  });

  userEndpoint<ProductBody>(app, ctx, 'legacyProductLink', async ({ body }) => {
    const p = await findProduct(ctx.db, body.productId);
    return { link: p.link };
  });
}
