// Not here: ./digits (the input widget's masks). Only the input widget uses them, and they travel in
// its chunk; re-exported here they would tie that chunk to the entry (vite.config.ts, SHARED_WIDGET).
export { formatMoney, cleanMoneyText, parseMoney, moneyText } from './money';
export { formatDate, formatDateTime } from './date';
export { currencySymbol, currencyLabel } from './currency';
export { LANGUAGES, language, parseLanguage, setLanguage, switchLanguage, loadCatalogue, msg, messageTable, loadScreenTexts } from './messages';
export type { Language, Catalogue } from './messages';
export { MARKET, type Market } from './market';
