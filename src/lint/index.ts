export { positionOf, scanJsonText } from './jsonText';
export { LAYOUT_MESSAGES } from './messages';
export { validateLayoutSafely } from './validateLayout';
