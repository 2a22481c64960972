/** Product tiles (recommended products, union-error family). */
import type { ResponseOf } from '@kopa/contract';
import { tileView } from '@kopa/contract';
import type { Db } from '../db';
import type { Product } from '../db/types';
import { formatAmount } from './format';

/** One tile as loan-details (recProducts) and union-error-info (family) answer it. */
export type ProductTile = ResponseOf<'loanDetails'>['recProducts'][number];

export function productTile(p: Product, label: string): ProductTile {
  return {
    productId: p.id,
    logo: p.logo,
    name: p.name,
    buttonText: p.button_text,
    amountRange: `${label} ${formatAmount(p.amount_min)} - ${formatAmount(p.amount_max)}`,
    rate: p.rate_desc,
    description: p.description,
    enabled: p.enabled === 1 ? 1 : 0,
    link: p.link,
    // What a tap does: the server owns the rule, the layout binds to it.
    view: tileView({ enabled: p.enabled === 1 ? 1 : 0, link: p.link }),
  };
}

export async function recommendedProducts(db: Db, label: string, exceptId?: string) {
  let q = db.selectFrom('products').selectAll().orderBy('sort');
  if (exceptId) q = q.where('id', '!=', exceptId);
  return (await q.execute()).map((p) => productTile(p, label));
}
