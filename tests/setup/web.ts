import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

// Tells React that tests wrap updates in act(), so it flushes them and warns about stray ones.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  cleanup();
});
