import appConfig from '../../config/app.json';

/**
 * The currency symbol some payloads choose with a flag (1 -> rupee, anything else -> peso), as the
 * original screens did. Kept apart from `currencyLabel`, which the repayment screens show.
 */
export function currencySymbol(flag: unknown): string {
  return flag === 1 || flag === '1' ? '₹' : '₱';
}

/** Label shown next to amounts on the repayment screens (spec section 9), from config. */
export const currencyLabel: string = appConfig.currencyLabel;
