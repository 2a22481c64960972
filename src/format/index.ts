export { formatMoney, cleanMoneyText, parseMoney, moneyText } from './money';
export { formatDate, formatDateTime } from './date';
export { currencySymbol, currencyLabel } from './currency';
export { digitsOnly, groupCardNumber, formatPhone344, capAmount } from './digits';
