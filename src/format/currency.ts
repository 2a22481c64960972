import appConfig from '../../config/app.json';

/**
 * Currency flag value meaning "this market's own currency" (`currencyLabel`, TZS). The spec's
 * rule (1 -> rupee, anything else -> peso) stays for backends of markets that use it; a server of
 * a TZS market sends this value so the flagged screens show the same currency as the rest of the
 * app (docs/decisions/002-repayment-numbers-and-states.md, "Currency"). The reference server imports it from here.
 */
export const MARKET_CURRENCY_FLAG = 2;

/**
 * The currency symbol some payloads choose with a flag: 1 -> rupee, MARKET_CURRENCY_FLAG -> the
 * configured label, anything else -> peso, as the original screens did. Numbers sent as text
 * ("1", "2") count as the number.
 */
export function currencySymbol(flag: unknown): string {
  const n = typeof flag === 'string' && flag.trim() !== '' ? Number(flag) : flag;
  if (n === 1) return '₹';
  if (n === MARKET_CURRENCY_FLAG) return currencyLabel;
  return '₱';
}

/** Label shown next to amounts on the repayment screens (spec section 9), from config. */
export const currencyLabel: string = appConfig.currencyLabel;
