import { baseFunctions, type ExprFunctions } from '@kopa/expr';
import {
  currencySymbol,
  formatDate,
  formatDateTime,
  formatMoney,
  MARKET,
  msg,
  parseMoney,
} from '@kopa/format';

/**
 * The fixed list of functions a layout may call (documented in docs/expressions.md): the pure
 * base list of src/expr plus the display formats of contract section 3.
 */
export const exprFunctions: ExprFunctions = Object.freeze({
  ...baseFunctions,
  money: (cents: unknown) => formatMoney(cents as number | string | null | undefined),
  date: (iso: unknown) =>
    formatDate(typeof iso === 'string' ? iso : '', MARKET.timeZone, MARKET.dateFormat),
  datetime: (iso: unknown) =>
    formatDateTime(typeof iso === 'string' ? iso : '', MARKET.timeZone, MARKET.dateFormat),
  currency: (flag: unknown) => currencySymbol(flag as string | number | null | undefined),
  // Typed money text (an input in money mode) -> integer cents, or null: amounts sent are cents.
  cents: (text: unknown) => parseMoney(text),
  // A catalogue message in the borrower's language (messages/*.json): t('repay.payNow'),
  // t('spec.days', {n: 7}). The linter checks the key (src/lint/messageKeys.ts).
  t: (key: unknown, params: unknown) =>
    msg(
      typeof key === 'string' ? key : String(key ?? ''),
      params !== null && typeof params === 'object' && !Array.isArray(params)
        ? (params as Record<string, unknown>)
        : undefined,
    ),
});
