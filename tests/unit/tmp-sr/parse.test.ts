import { it } from 'vitest';
it('t', () => {
  for (const n of [500, 1000, 2000, 5000]) {
    const t = performance.now();
    new DOMParser().parseFromString(`${'<div>'.repeat(n)}deep${'</div>'.repeat(n)}`, 'text/html');
    console.log(n, Math.round(performance.now() - t));
  }
});
