/**
 * The layout studio (/studio), for operators: log in, pick a screen, edit its draft with
 * completion and inline errors, watch the phone preview (the real borrower route showing the
 * draft with the demo data), compare with the published version, publish, roll back, read the
 * history. Plain DOM: a separate build (scripts/build/studio.ts), nothing shared with the app.
 * All text is set as text (textContent), never as HTML.
 */
import { json } from '@codemirror/lang-json';
import { MergeView } from '@codemirror/merge';
import { EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { minimalSetup } from 'codemirror';
import { call, StudioError, type Issue, type LayoutDetail, type LayoutSummary } from './api';
import { createEditor, replaceText, showIssues } from './editor';
import { installStyles } from './styles';

type Child = Node | string | null | undefined | false;

function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string | boolean | ((e: Event) => void)> = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (typeof v === 'function') el.addEventListener(k, v);
    else if (v === true) el.setAttribute(k, '');
    else if (v !== false) el.setAttribute(k, v);
  }
  for (const c of children) if (c !== null && c !== undefined && c !== false) el.append(c);
  return el;
}

const root = document.getElementById('studio') as HTMLElement;
let user = '';
let schema: unknown = null;
/** Cleans up the current view (timers, editors) before the next one renders. */
let leave: () => void = () => undefined;

function when(iso: string): string {
  return new Date(iso).toLocaleString();
}

function topBar(): HTMLElement {
  return h('header', { class: 's-top' },
    h('h1', {}, 'Kopa studio'),
    h('a', { href: '#/' }, 'Screens'),
    h('span', { class: 's-user' }, `Signed in as ${user}`),
    h('button', { type: 'button', click: () => void logout() }, 'Log out'));
}

async function logout(): Promise<void> {
  await call('POST', '/logout', {});
  user = '';
  renderLogin();
}

function renderLogin(message = ''): void {
  leave();
  const name = h('input', { type: 'text', name: 'user', autocomplete: 'username', required: true });
  const password = h('input', { type: 'password', name: 'password', autocomplete: 'current-password', required: true });
  const error = h('p', { class: 's-error', role: 'alert' }, message);
  const form = h('form', { class: 's-login' },
    h('h1', {}, 'Kopa studio'),
    h('p', {}, 'Operators only. The server printed how to log in when it started.'),
    h('label', {}, 'User name', name),
    h('label', {}, 'Password', password),
    error,
    h('button', { type: 'submit', class: 'primary' }, 'Log in'));
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    void call<{ user: string }>('POST', '/login', { user: name.value, password: password.value }).then(
      (me) => { user = me.user; route(); },
      (err: unknown) => { error.textContent = err instanceof Error ? err.message : String(err); },
    );
  });
  root.replaceChildren(form);
  name.focus();
}

async function renderList(): Promise<void> {
  leave();
  const list = await call<LayoutSummary[]>('GET', '/layouts');
  const rows = list.map((l) => h('tr', {},
    h('td', {}, h('a', { href: `#/layouts/${l.name}` }, l.name)),
    h('td', {}, l.path ?? '(no route)'),
    h('td', {}, l.published === null ? '-' : `v${l.published}`),
    h('td', {}, String(l.versions)),
    h('td', {}, l.draft ? `draft by ${l.draft.author}, ${when(l.draft.updatedAt)}` : '')));
  root.replaceChildren(topBar(), h('main', {},
    h('h2', { style: 'margin: 16px' }, 'Screens'),
    h('table', { class: 's-list' },
      h('thead', {}, h('tr', {}, h('th', {}, 'Layout'), h('th', {}, 'Route'), h('th', {}, 'Published'), h('th', {}, 'Versions'), h('th', {}, 'Draft'))),
      h('tbody', {}, ...rows))));
}

async function renderLayout(name: string): Promise<void> {
  leave();
  schema ??= await call('GET', '/schema');
  let detail = await call<LayoutDetail>('GET', `/layouts/${encodeURIComponent(name)}`);
  let saveTimer: ReturnType<typeof setTimeout> | undefined;
  let saving: Promise<void> = Promise.resolve();
  let merge: MergeView | null = null;
  let tab: 'problems' | 'diff' | 'history' = 'problems';

  const heading = h('h2', { style: 'margin: 0' }, name);
  const summary = h('p', { style: 'margin: 4px 0' });
  const status = h('p', { class: 's-status', role: 'status' });
  const why = h('input', { type: 'text', 'aria-label': 'Why (goes into the history)', placeholder: 'Why (goes into the history)' });
  const publishButton = h('button', { type: 'button', class: 'primary' }, 'Publish');
  const discardButton = h('button', { type: 'button' }, 'Discard draft');
  const editorBox = h('div', { class: 's-editor' });
  const panel = h('div', { class: 's-panel' });
  const tabs = h('div', { class: 's-tabs', role: 'tablist' });
  const frame = h('iframe', { title: 'Preview', src: 'about:blank' });
  const link = h('a', { target: '_blank', rel: 'noopener' }, 'Preview link');
  const linkNote = h('small', {});

  const textNow = () => editor.state.doc.toString();
  let applying = false;
  const editor = createEditor(editorBox, detail.draft?.content ?? detail.published?.content ?? '', schema, () => {
    if (applying) return;
    status.textContent = 'Saving draft...';
    clearTimeout(saveTimer);
    saveTimer = setTimeout(() => { saving = save(); }, 400);
  });

  function setStatus(text: string, good = false): void {
    status.textContent = text;
    status.className = good ? 's-status s-ok' : 's-status';
  }

  function showPreview(): void {
    if (!detail.preview) {
      frame.src = 'about:blank';
      link.removeAttribute('href');
      linkNote.textContent = ' (this layout has no route)';
      return;
    }
    // A new URL every time: the frame reloads with the draft as it is now.
    frame.src = `${detail.preview.url}&t=${Date.now()}`;
    link.href = new URL(detail.preview.url, location.origin).href;
    linkNote.textContent = ` opens the draft on any device until ${when(detail.preview.expires)} (operators only: do not share it)`;
  }

  function renderSummary(): void {
    const p = detail.published;
    summary.textContent = `${p ? `Published: version ${p.version}, by ${p.author}, ${when(p.createdAt)}` : 'Not published'}${detail.draft ? ` · draft by ${detail.draft.author}` : ' · no draft'}`;
    discardButton.disabled = !detail.draft;
  }

  function issuesPanel(issues: Issue[]): HTMLElement {
    if (issues.length === 0) return h('p', { class: 's-ok' }, 'No problems: the draft passes every check.');
    return h('ul', { class: 's-issues', 'aria-label': 'Problems' }, ...issues.map((i) => h('li', {
      click: () => {
        const line = editor.state.doc.line(Math.min(i.line, editor.state.doc.lines));
        editor.dispatch({ selection: { anchor: Math.min(line.from + i.column - 1, line.to) }, scrollIntoView: true });
        editor.focus();
      },
    }, `${i.line}:${i.column} ${i.pointer || '/'}: ${i.message}`)));
  }

  let issues: Issue[] = detail.issues;
  function renderPanel(): void {
    merge?.destroy();
    merge = null;
    for (const b of tabs.children) b.setAttribute('aria-selected', String(b.getAttribute('data-tab') === tab));
    if (tab === 'problems') panel.replaceChildren(issuesPanel(issues));
    if (tab === 'diff') {
      const box = h('div', { class: 's-merge' });
      panel.replaceChildren(h('p', {}, `Left: published version ${detail.published?.version ?? '-'}. Right: the draft.`), box);
      const ro = [minimalSetup, json(), EditorState.readOnly.of(true), EditorView.editable.of(false)];
      merge = new MergeView({ a: { doc: detail.published?.content ?? '', extensions: ro }, b: { doc: textNow(), extensions: ro }, parent: box, collapseUnchanged: { margin: 3 } });
    }
    if (tab === 'history') panel.replaceChildren(historyPanel());
  }

  function historyPanel(): HTMLElement {
    const versions = h('table', { 'aria-label': 'Versions' },
      h('thead', {}, h('tr', {}, h('th', {}, 'Version'), h('th', {}, 'By'), h('th', {}, 'When'), h('th', {}, 'Note'), h('th', {}, ''))),
      h('tbody', {}, ...detail.versions.map((v) => h('tr', {},
        h('td', {}, `v${v.version}${v.published ? ' (published)' : ''}`),
        h('td', {}, v.author), h('td', {}, when(v.createdAt)), h('td', {}, v.note),
        h('td', {}, v.published ? '' : h('button', { type: 'button', click: () => void rollBack(v.version) }, `Roll back to v${v.version}`))))));
    const audit = h('table', { 'aria-label': 'Audit log' },
      h('thead', {}, h('tr', {}, h('th', {}, 'When'), h('th', {}, 'Who'), h('th', {}, 'What'), h('th', {}, 'Versions'), h('th', {}, 'Why'))),
      h('tbody', {}, ...detail.audit.map((a) => h('tr', {},
        h('td', {}, when(a.at)), h('td', {}, a.actor), h('td', {}, a.action),
        h('td', {}, `${a.from === null ? '-' : `v${a.from}`} -> ${a.to === null ? '-' : `v${a.to}`}`), h('td', {}, a.reason)))));
    return h('div', {}, h('h3', {}, 'Versions'), versions, h('h3', {}, 'Audit log'), audit);
  }

  async function save(): Promise<void> {
    try {
      const res = await call<{ issues: Issue[]; preview: LayoutDetail['preview'] }>('PUT', `/layouts/${encodeURIComponent(name)}/draft`, { content: textNow() });
      issues = res.issues;
      detail = { ...detail, preview: res.preview, draft: { content: textNow(), baseVersion: detail.published?.version ?? null, author: user, updatedAt: new Date().toISOString() } };
      showIssues(editor, issues);
      setStatus(issues.length === 0 ? 'Draft saved. No problems.' : `Draft saved. ${issues.length} problem(s): the draft cannot be published yet.`, issues.length === 0);
      renderSummary();
      if (tab !== 'history') renderPanel();
      showPreview();
    } catch (e) {
      handle(e);
    }
  }

  async function reload(): Promise<void> {
    detail = await call<LayoutDetail>('GET', `/layouts/${encodeURIComponent(name)}`);
    issues = detail.issues;
    const text = detail.draft?.content ?? detail.published?.content ?? '';
    if (text !== textNow()) {
      applying = true; // the text comes from the server: nothing to save
      replaceText(editor, text);
      applying = false;
    }
    showIssues(editor, issues);
    renderSummary();
    renderPanel();
    showPreview();
  }

  function handle(e: unknown): void {
    if (e instanceof StudioError && e.status === 401) return renderLogin('Your studio session ended: log in again.');
    if (e instanceof StudioError && e.issues.length > 0) {
      issues = e.issues;
      showIssues(editor, issues);
      tab = 'problems';
      renderPanel();
    }
    setStatus(e instanceof Error ? e.message : String(e));
  }

  async function publish(): Promise<void> {
    clearTimeout(saveTimer);
    await saving;
    if (!detail.draft || detail.draft.content !== textNow()) await save();
    try {
      const res = await call<{ version: number; changed: boolean }>('POST', `/layouts/${encodeURIComponent(name)}/publish`, { note: why.value });
      why.value = '';
      await reload();
      setStatus(res.changed ? `Published version ${res.version}.` : `Nothing changed: version ${res.version} stays published.`, true);
    } catch (e) {
      handle(e);
    }
  }

  async function rollBack(version: number): Promise<void> {
    try {
      await call('POST', `/layouts/${encodeURIComponent(name)}/rollback`, { version, reason: why.value });
      why.value = '';
      await reload();
      tab = 'history';
      renderPanel();
      setStatus(`Version ${version} is published again.`, true);
    } catch (e) {
      handle(e);
    }
  }

  async function discard(): Promise<void> {
    try {
      await call('DELETE', `/layouts/${encodeURIComponent(name)}/draft`);
      await reload();
      setStatus('Draft discarded: the editor shows the published version.', true);
    } catch (e) {
      handle(e);
    }
  }

  publishButton.addEventListener('click', () => void publish());
  discardButton.addEventListener('click', () => void discard());
  for (const [key, label] of [['problems', 'Problems'], ['diff', 'Diff with published'], ['history', 'History']] as const) {
    tabs.append(h('button', { type: 'button', role: 'tab', 'data-tab': key, click: () => { tab = key; renderPanel(); } }, label));
  }

  root.replaceChildren(topBar(), h('main', { class: 's-work' },
    h('section', {},
      heading, summary,
      editorBox,
      h('div', { class: 's-bar' }, why, publishButton, discardButton),
      status,
      tabs, panel),
    h('section', { class: 's-phone' },
      h('h3', { style: 'margin: 0 0 8px' }, 'Phone preview (390 x 844, demo data)'),
      frame,
      h('p', {}, link, linkNote))));
  showIssues(editor, issues);
  renderSummary();
  renderPanel();
  showPreview();
  if (issues.length > 0) setStatus(`The draft has ${issues.length} problem(s).`);
  leave = () => {
    clearTimeout(saveTimer);
    merge?.destroy();
    editor.destroy();
    leave = () => undefined;
  };
}

function route(): void {
  const m = /^#\/layouts\/([A-Za-z0-9_-]+)$/.exec(location.hash);
  const done = m?.[1] ? renderLayout(m[1]) : renderList();
  done.catch((e: unknown) => {
    if (e instanceof StudioError && e.status === 401) renderLogin();
    else root.replaceChildren(topBar(), h('p', { class: 's-error', role: 'alert', style: 'margin: 16px' }, e instanceof Error ? e.message : String(e)));
  });
}

installStyles();
window.addEventListener('hashchange', route);
call<{ user: string }>('GET', '/me').then(
  (me) => { user = me.user; route(); },
  () => renderLogin(),
);
