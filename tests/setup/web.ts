import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { loadScreenTexts } from '../../src/format/messages';

// The layouts' texts are a chunk of their own in the app (loaded beside the first screen's widgets).
await loadScreenTexts('en');

// Tells React that tests wrap updates in act(), so it flushes them and warns about stray ones.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  cleanup();
});
