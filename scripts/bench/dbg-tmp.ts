import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildServer } from '../../server/app';
import { launch } from './browser';
const ROOT = '/work/wt/st';
const app = await buildServer({
  demo: true,
  dataDir: mkdtempSync(join(tmpdir(), 'kopa-dbg-')),
  distDir: join(ROOT, 'dist'),
  layoutsDir: join(ROOT, 'layouts'),
  logger: false,
});
await app.listen({ port: 4612, host: '127.0.0.1' });
const browser = await launch();
const context = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
const page = await context.newPage();
await page.goto('http://127.0.0.1:4612/studio');
await page.getByLabel('User name').fill('operator');
await page.getByLabel('Password').fill('kopa-studio-demo');
await page.getByRole('button', { name: 'Log in' }).click();
await page.getByRole('link', { name: 'repay-choose', exact: true }).click();
await page.getByRole('textbox', { name: 'Layout JSON' }).click();
await page.keyboard.press('Control+Home');
for (let i = 0; i < 200; i++) await page.keyboard.press('ArrowDown');
await page.keyboard.press('Home');
await page.keyboard.press('ArrowRight');
await page.keyboard.press('ArrowRight');
await page.waitForTimeout(2000);
const cdp = await context.newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await page.evaluate(
  `window.__t=[];new PerformanceObserver(l=>{for(const e of l.getEntries())window.__t.push(Math.round(e.duration))}).observe({type:'longtask'})`,
);
async function burst(label: string) {
  await page.evaluate('window.__t=[]');
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press('q');
    await page.waitForTimeout(150);
  }
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press('Backspace');
    await page.waitForTimeout(150);
  }
  console.log(label, await page.evaluate('JSON.stringify(window.__t)'));
  await page.waitForTimeout(2500);
}
await burst('all');
await page.addStyleTag({ content: '.s-outline{display:none}' });
await burst('no outline');
await page.addStyleTag({ content: 'iframe{display:none}' });
await burst('no outline, no frame');
await page.addStyleTag({ content: '.s-panel{display:none}' });
await burst('no outline, frame, panel');
await browser.close();
await app.close();
