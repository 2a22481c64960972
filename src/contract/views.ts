/**
 * Server view models: what the loan details screen shows for an order, and what a
 * product tile does when tapped, decided from the spec's rules (product spec section 4 "Order
 * status codes", section 3 "Order details response"). The reference server answers them as
 * `view` (server/routes/loan.ts, server/domain/products.ts); the client boundary
 * (src/app/http/views.ts) derives the same from the plain fields only when an older backend left
 * `view` out. One function for both, so the two can never disagree, and the layouts bind to
 * the answer instead of re-encoding the rules in expressions.
 *
 * Pure and dependency-free: imported by the server and by the browser bundle.
 */
import type { ResponseOf } from './generated/endpoints';

export type OrderView = NonNullable<ResponseOf<'loanDetails'>['view']>;
export type TileView = NonNullable<ResponseOf<'loanDetails'>['recProducts'][number]['view']>;

/** The order fields the rules read (numbers as the response schema types them). */
export interface OrderFacts {
  orderStatus: number;
  isDelay: number;
  isScore: number;
  cardNeedPop: number;
  /** The redirect link (obfuscated name playeduL); '' for none. */
  playeduL: string;
}

/** "Icons exist for 21, 151, 110, 174, 180, 200. Any other status uses the 200 icon." 110 is the failed icon. */
const ICONS: Readonly<Record<number, OrderView['icon']>> = {
  21: '21',
  110: 'failed',
  151: '151',
  174: '174',
  180: '180',
  200: '200',
};
/** Statuses whose screen shows action buttons instead of recommended products. */
const WITH_ACTIONS: ReadonlySet<number> = new Set([170, 174, 180, 200]);
const REVIEW = 21;
const DISBURSING = 151;

function buttonsOf(status: number, isDelay: number): OrderView['buttons'] {
  if (status === 174 || status === 180)
    return isDelay === 1 ? ['repay', 'rollover'] : ['repayment'];
  if (status === 170) return ['repayment'];
  if (status === 200) return ['borrowAgain'];
  return [];
}

/**
 * The loan details view of an order. A redirect (any status but 21 with a link) leaves the page
 * at once, so it opens no dialog; otherwise 151 offers Withdraw Now, else cardNeedPop 1 the
 * bank-card reminder, and isScore 1 the rating modal.
 */
export function orderView(o: OrderFacts): OrderView {
  const redirectUrl = o.orderStatus !== REVIEW ? o.playeduL : '';
  const staying = redirectUrl === '';
  let dialog: OrderView['dialog'] = '';
  if (staying && o.orderStatus === DISBURSING) dialog = 'withdraw';
  else if (staying && o.cardNeedPop === 1) dialog = 'cardReminder';
  return {
    icon: ICONS[o.orderStatus] ?? '200',
    buttons: buttonsOf(o.orderStatus, o.isDelay),
    recommended: !WITH_ACTIONS.has(o.orderStatus),
    redirectUrl,
    dialog,
    rating: staying && o.isScore === 1,
  };
}

/**
 * What tapping a product tile does: 'none' when disabled ("a 0 value disables the item") or when
 * there is no link to open (the spec names none for tiles), 'web' for an http(s) link
 * (the page leaves for it, allowlist permitting), 'app' for anything else (handed to the native
 * app's openLink).
 */
export function tileView(tile: { enabled: number; link: string }): TileView {
  if (tile.enabled === 0 || tile.link === '') return { opens: 'none' };
  return { opens: tile.link.slice(0, 4).toLowerCase() === 'http' ? 'web' : 'app' };
}
