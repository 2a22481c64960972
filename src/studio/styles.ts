/**
 * The studio's styles, put in the page by script: the app's build has one stylesheet for every
 * borrower route (cssCodeSplit: false), and the studio is a build of its own, so nothing of this
 * can reach a borrower either way; a style element keeps the studio to one JS file and no CSS.
 */
const CSS = `
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.4 system-ui, sans-serif; color: #1d2433; background: #f4f5f7; }
button, input { font: inherit; }
button { padding: 6px 12px; border: 1px solid #9aa3b5; border-radius: 6px; background: #fff; color: #1d2433; cursor: pointer; }
button.primary { background: #1b5fc1; border-color: #1b5fc1; color: #fff; }
button:disabled { opacity: .55; cursor: default; }
input[type=text], input[type=password] { padding: 6px 8px; border: 1px solid #9aa3b5; border-radius: 6px; min-width: 16rem; }
.s-top { display: flex; gap: 16px; align-items: center; padding: 8px 16px; background: #1d2433; color: #fff; }
.s-top h1 { font-size: 16px; margin: 0; }
.s-top a { color: #cfe0ff; }
.s-top .s-user { margin-left: auto; }
.s-login { max-width: 22rem; margin: 10vh auto; padding: 24px; background: #fff; border-radius: 8px; display: grid; gap: 12px; }
.s-login label { display: grid; gap: 4px; }
.s-error { color: #b3261e; }
.s-list { margin: 16px; background: #fff; border-collapse: collapse; min-width: 40rem; }
.s-list th, .s-list td { text-align: left; padding: 6px 12px; border-bottom: 1px solid #e3e6ec; }
.s-work { display: grid; grid-template-columns: 220px minmax(0, 1fr) auto; gap: 12px; padding: 12px 16px; align-items: start; }
.s-editor { background: #fff; border: 1px solid #d5d9e2; height: 60vh; overflow: hidden; contain: strict; }
.s-editor .cm-editor { height: 100%; }
.s-bar { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; margin: 8px 0; }
.s-bar input[type=text] { flex: 1; }
.s-phone { min-width: 410px; }
.s-phone iframe { width: 390px; height: 844px; border: 10px solid #1d2433; border-radius: 24px; background: #fff; box-sizing: content-box; }
.s-switches { display: flex; flex-wrap: wrap; gap: 8px; margin-bottom: 8px; }
/* Contained: an edit elsewhere never lays out the outline's hundreds of lines again (bench:studio). */
.s-outline { background: #fff; border: 1px solid #d5d9e2; padding: 4px 8px; height: 85vh; overflow: auto; contain: strict; }
.s-outline h3 { margin: 4px 0; font-size: 14px; }
.s-outline ul { list-style: none; margin: 0; padding: 0; }
.s-outline button { border: 0; padding: 2px 4px; text-align: left; width: 100%; font-size: 12px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.s-outline button[aria-current=true] { background: #ffe8d6; outline: 2px solid #e8590c; }
.s-warning { color: #8a4b00; background: #fff4e0; margin: 4px 0; }
.s-warning:empty { display: none; }
.s-approval { margin: 4px 0; }
.s-approval:empty { display: none; }
.s-hover { padding: 4px 8px; max-width: 28rem; }
.s-tabs { display: flex; gap: 4px; margin-top: 12px; }
.s-tabs button[aria-selected=true] { background: #1d2433; color: #fff; }
.s-panel { contain: content; background: #fff; border: 1px solid #d5d9e2; padding: 8px 12px; max-height: 40vh; overflow: auto; }
.s-panel table { border-collapse: collapse; width: 100%; }
.s-panel td, .s-panel th { text-align: left; padding: 4px 8px; border-bottom: 1px solid #eef0f4; vertical-align: top; }
.s-notjson { max-width: 390px; padding: 12px; border: 2px solid #b3261e; border-radius: 12px; }
.s-status { min-height: 1.4em; }
.s-heading { margin: 16px; }
.s-title { margin: 0; }
.s-summary { margin: 4px 0; }
.s-phone-title { margin: 0 0 8px; }
.s-middle { min-width: 0; }
.s-issues { margin: 0; padding-left: 1.2em; }
.s-plain { border: 0; padding: 2px 0; background: none; text-align: left; font: inherit; color: inherit; cursor: pointer; }
.s-plain:hover, .s-plain:focus-visible { text-decoration: underline; }
.s-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.s-hover code { display: block; margin-top: 4px; white-space: pre-wrap; }
.s-ok { color: #1e7b34; }
.s-merge { max-height: 40vh; overflow: auto; }
/* 360 px to 1920 px with no sideways scroll: the top bar wraps, the list and the work area fit the width. */
.s-top { flex-wrap: wrap; }
.s-top button, .s-top a { white-space: nowrap; }
.s-list { min-width: 0; width: calc(100% - 32px); }
.s-list td, .s-list th { overflow-wrap: anywhere; }
.s-phone iframe { max-width: calc(100% - 20px); }
@media (max-width: 1100px) {
  .s-work { grid-template-columns: minmax(0, 1fr); }
  .s-phone { min-width: 0; }
  .s-outline { height: 35vh; }
  input[type=text], input[type=password] { min-width: 0; width: 100%; }
}
`;

export function installStyles(): void {
  const style = document.createElement('style');
  style.textContent = CSS;
  document.head.append(style);
}
