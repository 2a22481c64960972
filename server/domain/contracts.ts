/** Agreement list and agreement link of a product, shared by the v3 and the older endpoint family. */
import type { RequestOf } from '@kopa/contract';
import type { Db } from '../db';
import type { SessionUser } from './borrower';
import { ownedOrder } from './orders';

export async function agreementList(db: Db, productId: string) {
  const rows = await db
    .selectFrom('contracts')
    .select(['title', 'position'])
    .where('product_id', 'in', [productId, '*'])
    .orderBy('position')
    .execute();
  return rows.map((r) => ({ title: r.title, position: r.position }));
}

/** A same-origin agreement page; an order given must be the borrower's own. */
export async function agreementLink(db: Db, user: SessionUser, body: RequestOf<'contractJump'>) {
  if (body.orderId) await ownedOrder(db, user.userId, body.orderId);
  const q = new URLSearchParams({
    productId: body.productId,
    scene: String(body.scene ?? 3),
    position: String(body.position),
  });
  if (body.orderId) q.set('orderId', body.orderId);
  return { contract_url: `/loanAgreement?${q.toString()}` };
}
