/** Agreement list and agreement link of a product, shared by the v3 and the older endpoint family. */
import type { RequestOf } from '../../src/contract/generated/endpoints';
import type { ServerContext } from '../http/context';
import { requireOrder, type SessionUser } from '../http/session';

export async function agreementList(ctx: ServerContext, productId: string) {
  const rows = await ctx.db.selectFrom('contracts').select(['title', 'position'])
    .where('product_id', 'in', [productId, '*']).orderBy('position').execute();
  return rows.map((r) => ({ title: r.title, position: r.position }));
}

/** A same-origin agreement page; an order given must be the borrower's own. */
export async function agreementLink(ctx: ServerContext, user: SessionUser, body: RequestOf<'contractJump'>) {
  if (body.orderId) await requireOrder(ctx, user, body.orderId);
  const q = new URLSearchParams({ productId: body.productId, scene: String(body.scene ?? 3), position: String(body.position) });
  if (body.orderId) q.set('orderId', body.orderId);
  return { contract_url: `/loanAgreement?${q.toString()}` };
}
