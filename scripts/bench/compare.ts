/**
 * The measuring loop npm run bench:ab and bench:revs share: /repay of each build (and the bare
 * page, last) at 4x CPU on loopback, loads interleaved, then the 1000-installment screen at 1x.
 * Prints per build the median, its ratio to the bare page and every load.
 */
import { launch, median } from './browser';
import { intervalText, pairedText } from './ratioInterval';
import { renderThousandRows } from './list1000';
import { BENCH_QUERY } from './sizes';
import { timeToInteractive } from './tti';

/** `apps`: name and origin of each build's server; `bareOrigin`: the server whose __bench/ holds the bare page. */
export async function compareBuilds(
  apps: { name: string; origin: string }[],
  bareOrigin: string,
  loads: number,
  listRuns: number,
): Promise<void> {
  const names = [...apps.map((a) => a.name), 'bare page'];
  const urls = [
    ...apps.map((a) => `${a.origin}/repay${BENCH_QUERY}`),
    `${bareOrigin}/__bench/index.html${BENCH_QUERY}`,
  ];
  const browser = await launch();
  try {
    // The ratio's 95% range from resampling the loads (ratioInterval.ts): two builds whose ranges
    // overlap widely have not been told apart.
    const line = (label: string, times: number[], bareTimes: number[]) => {
      const range = times === bareTimes ? '' : ` (${intervalText(times, bareTimes)})`;
      console.log(
        `  ${label.padEnd(24)} ${median(times).toFixed(0).padStart(5)} ms  ratio ${(median(times) / median(bareTimes)).toFixed(3)}${range}  runs ${times.map((t) => t.toFixed(0)).join(' ')}`,
      );
    };
    if (loads > 0) {
      console.log(
        `Loopback, 4x CPU, /repay to an enabled Pay Now, ${loads} loads each, interleaved:`,
      );
      const results = await timeToInteractive(browser, urls, 'Pay Now', loads);
      const bare = results[results.length - 1]?.runs ?? [];
      results.forEach((r, i) => line(names[i] ?? '', r.runs, bare));
      // Each build against the first, round by round (the sharper test when the medians are close).
      const first = results[0]?.runs ?? [];
      results
        .slice(1, -1)
        .forEach((r, i) =>
          console.log(
            `  ${names[i + 1] ?? ''} against ${names[0] ?? ''}, round by round: ${pairedText(first, r.runs)}`,
          ),
        );
    }
    if (listRuns > 0) {
      console.log(`1000 installments, 1x CPU, ${listRuns} loads each, interleaved:`);
      const times = urls.map(() => [] as number[]);
      for (let i = 0; i < listRuns; i++) {
        for (const [k, url] of urls.entries()) {
          const rows =
            k === urls.length - 1
              ? '[data-testid="installment-row"]'
              : '[data-node-id="installmentRow"]';
          times[k]?.push((await renderThousandRows(browser, url, rows)).ms);
        }
      }
      const bare = times[times.length - 1] ?? [];
      times.forEach((t, i) => line(names[i] ?? '', t, bare));
    }
  } finally {
    await browser.close();
  }
}
