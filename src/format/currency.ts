import appConfig from '../../config/app.json';

/**
 * The currency symbol some payloads choose with a flag (spec section 1): 1 -> rupee, any other
 * value or none -> peso ("not 1" is every other value, 2 included). Numbers sent as
 * text ("1") count as the number. The repayment screens' own label is `currencyLabel`.
 */
export function currencySymbol(flag: unknown): string {
  const n = typeof flag === 'string' && flag.trim() !== '' ? Number(flag) : flag;
  return n === 1 ? '₹' : '₱';
}

/** Label shown next to amounts on the repayment screens (spec section 9), from config. */
export const currencyLabel: string = appConfig.currencyLabel;
