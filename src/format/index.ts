// The public entry of @kopa/format (README.md): what other packages may import from it.
// Not here: ./digits (the input widget's masks). Only the input widget uses them, and they travel in
// its chunk; re-exported here they would tie that chunk to the entry (vite.config.ts, SHARED_WIDGET).
// They are the subpath @kopa/format/digits.
export { cleanMoneyText, formatMoney, moneyText, parseMoney } from './money';
export { MARKET_TIME_ZONE, formatDate, formatDateTime, instantDates } from './date';
export { fixedZone } from './fixedZone';
export { currencySymbol } from './currency';
export {
  adoptFirstScreenTexts,
  hasFirstScreenTexts,
  language,
  loadMessageCatalogue,
  loadScreenTexts,
  messageTable,
  msg,
  parseLanguage,
  setLanguage,
} from './messages';
export type { MessageCatalogue, Language } from './messages';
export { MARKET } from './market';
