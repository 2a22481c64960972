import appConfig from '../../config/app.json';

/**
 * The market's display settings: how money and dates read. config/app.json holds them
 * (`currencyLabel`, `timeZone`, and `market`: locale, separators, date pattern); the defaults are
 * contract section 3's formats (`12.345,67`, `YYYY-MM-DD`), so a deployment that sets nothing
 * shows what it always showed. Separators a market does not set come from its locale (Intl), so
 * `"locale": "en-PH"` alone gives `12,345.67`.
 */
export interface Market {
  locale: string;
  currency: string;
  timeZone: string;
  /** Between groups of thousands. */
  group: string;
  /** Before the cents. */
  decimal: string;
  /** `YYYY`, `MM`, `DD` (and `HH`, `mm`, `ss` for times) in the market's order, e.g. `DD/MM/YYYY`. */
  dateFormat: string;
}

export interface MarketSettings {
  locale?: string;
  currency?: string;
  timeZone?: string;
  thousandsSeparator?: string;
  decimalSeparator?: string;
  dateFormat?: string;
}

/** The separators Intl uses for a locale; null when the engine does not know it. */
function localeSeparators(locale: string): { group: string; decimal: string } | null {
  try {
    const parts = new Intl.NumberFormat(locale).formatToParts(12345.6);
    const group = parts.find((p) => p.type === 'group')?.value;
    const decimal = parts.find((p) => p.type === 'decimal')?.value;
    return group && decimal ? { group, decimal } : null;
  } catch {
    return null;
  }
}

/** A complete market from partial settings: explicit separators win over the locale's, then the contract's. */
export function marketFrom(settings: MarketSettings): Market {
  // Intl only when a separator is not set: building a NumberFormat at start-up costs ~70 ms on a
  // slow phone, and this deployment's config sets both.
  const needLocale =
    settings.locale !== undefined &&
    (settings.thousandsSeparator === undefined || settings.decimalSeparator === undefined);
  const fromLocale = needLocale && settings.locale ? localeSeparators(settings.locale) : null;
  return {
    locale: settings.locale ?? 'en',
    currency: settings.currency ?? 'TZS',
    timeZone: settings.timeZone ?? 'UTC',
    group: settings.thousandsSeparator ?? fromLocale?.group ?? '.',
    decimal: settings.decimalSeparator ?? fromLocale?.decimal ?? ',',
    dateFormat: settings.dateFormat ?? 'YYYY-MM-DD',
  };
}

const config = appConfig as {
  currencyLabel?: string;
  timeZone?: string;
  market?: Omit<MarketSettings, 'currency' | 'timeZone'>;
};

/** This deployment's market. */
export const MARKET: Market = marketFrom({
  ...config.market,
  currency: config.currencyLabel,
  timeZone: config.timeZone,
});
