/**
 * Server view models at the client boundary: an answer without `view` (an older
 * backend) gets the one the server would have sent, derived from its plain fields by the same
 * rules (src/contract/views.ts). A `view` the server did send is kept as it is: the server owns
 * the rule. Runs after the response schema has coerced and defaulted the data, so the fields
 * read here already have their schema types ("180" is 180).
 */
import { orderView, tileView } from '@kopa/contract';

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

const num = (v: unknown): number => (typeof v === 'number' ? v : NaN);
const text = (v: unknown): string => (typeof v === 'string' ? v : '');

function withTileViews(tiles: unknown): void {
  if (!Array.isArray(tiles)) return;
  for (const t of tiles) {
    if (isRecord(t) && t.view === undefined)
      t.view = tileView({ enabled: num(t.enabled), link: text(t.link) });
  }
}

/** Response schema name (endpoints.json `response`) -> fills the views its answer may lack, in place. */
const DERIVE: Readonly<
  Record<string, (data: Record<string, unknown>, problems: readonly string[]) => void>
> = {
  'loan-details.response': (d, problems) => {
    withTileViews(d.recProducts);
    // A view the boundary had to cut (an icon or button this app does not know) is not the
    // server's decision any more: the same rules derive it from the order's own fields.
    if (problems.some((p) => p.startsWith('data.view.'))) delete d.view;
    // amountDue needs the installments, which this answer does not carry: left out (optional).
    if (d.view === undefined) {
      d.view = orderView({
        orderStatus: num(d.orderStatus),
        isDelay: num(d.isDelay),
        isScore: num(d.isScore),
        cardNeedPop: num(d.cardNeedPop),
        playeduL: text(d.playeduL),
      });
    }
  },
  'union-error-info.response': (d) => withTileViews(d.family),
};

/** Adds the derived views to validated `data` of the named response, in place (`problems`: what the boundary cut). */
export function deriveViews(
  responseName: string,
  data: unknown,
  problems: readonly string[] = [],
): void {
  const derive = Object.prototype.hasOwnProperty.call(DERIVE, responseName)
    ? DERIVE[responseName]
    : undefined;
  if (derive && isRecord(data)) derive(data, problems);
}
