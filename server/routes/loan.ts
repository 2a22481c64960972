/** Loan confirmation, push (take the loan), order details, contracts, rating, event log. */
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../http/context';
import { userEndpoint } from '../http/endpoint';
import { installmentsOf } from '../domain/orders';
import { loanDetailsAnswer } from '../domain/loanDetailsAnswer';
import { getSetting } from '../domain/storedSettings';
import { loanOffer, pushLoan } from '../domain/loanOffer';
import { agreementLink, agreementList } from '../domain/contracts';
import { requireOrder, requireOrderWithProduct } from '../http/session';

export function registerLoan(app: FastifyInstance, ctx: ServerContext): void {
  const label = ctx.cfg.currencyLabel;

  // The offer and the take live in lib/loanOffer: the older endpoint family (routes/legacy.ts) shares them.
  userEndpoint(app, ctx, 'loanConfirmDetail', async ({ body, user }) =>
    loanOffer(ctx, user, body.productId),
  );

  userEndpoint(app, ctx, 'loanPush', async ({ body, user }) => pushLoan(ctx, user, body));

  userEndpoint(app, ctx, 'loanDetails', async ({ body, user }) => {
    // Five reads: the session (endpoint), the order with its product, the plan, the contact, the other products.
    const { order, product } = await requireOrderWithProduct(ctx, user, body.orderId);
    const rows = await installmentsOf(ctx.db, order.id);
    const contact = await getSetting(ctx.db, 'contact');
    const others = await ctx.db
      .selectFrom('products')
      .selectAll()
      .where('id', '!=', product.id)
      .orderBy('sort')
      .execute();
    return loanDetailsAnswer({ order, product, rows, contact, others, now: ctx.now(), label });
  });

  userEndpoint(app, ctx, 'contractList', async ({ body }) => agreementList(ctx.db, body.productId));

  userEndpoint(app, ctx, 'contractJump', async ({ body, user }) =>
    agreementLink(ctx.db, user, body),
  );

  userEndpoint(app, ctx, 'googleScore', async ({ body, user }) => {
    if (body.orderId) await requireOrder(ctx, user, body.orderId);
    await ctx.db
      .insertInto('scores')
      .values({ user_id: user.userId, order_id: body.orderId ?? '', score: body.score })
      .execute();
    return { ok: true };
  });

  userEndpoint(app, ctx, 'eventSave', async ({ body, user }) => {
    await ctx.db
      .insertInto('events')
      .values({
        user_id: user.userId,
        product_id: body.productId,
        module_id: body.moduleId,
        position_id: body.positionId,
      })
      .execute();
    return { ok: true };
  });
}
