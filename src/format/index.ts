export { formatMoney, cleanMoneyText, parseMoney, moneyText } from './money';
export { formatDate, formatDateTime } from './date';
export { currencySymbol, currencyLabel } from './currency';
export { digitsOnly, groupCardNumber, formatPhone344, capAmount } from './digits';
export { LANGUAGES, language, parseLanguage, setLanguage, switchLanguage, loadCatalogue, msg, messageTable, loadScreenTexts } from './messages';
export type { Language, Catalogue } from './messages';
export { MARKET, type Market } from './market';
