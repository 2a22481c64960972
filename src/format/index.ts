// Not here: ./digits (the input widget's masks). Only the input widget uses them, and they travel in
// its chunk; re-exported here they would tie that chunk to the entry (vite.config.ts, SHARED_WIDGET).
export { formatMoney, parseMoney } from './money';
export { formatDate, formatDateTime } from './date';
export { currencySymbol } from './currency';
export { msg } from './messages';
export { MARKET } from './market';
