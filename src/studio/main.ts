/**
 * The layout studio (/studio), for operators: log in, pick a screen, edit its draft with
 * completion and inline errors, watch the phone preview (the real borrower route showing the
 * draft with the demo data), compare with the published version, publish, roll back, read the
 * history. Plain DOM: a separate build (scripts/build/studio.ts), nothing shared with the app.
 * All text is set as text (textContent), never as HTML.
 */
import {
  call,
  StudioError,
  type Issue,
  type LayoutDetail,
  type LayoutSummary,
  type Me,
  type SavedDraft,
} from './api';
import type { DataSchemas } from './bindingCompletion';
import { diffPanel } from './diffPanel';
import { renderEffects } from './effectsPanel';
import { createEditor, replaceText, showIssues } from './editor';
import { rangeOfPointer } from './jsonPointer';
import { outlineOf } from './outline';
import { DEVICES, previewControls, previewUrl, type PreviewChoice } from './previewControls';
import { installStyles } from './styles';
import { reachesBorrowers } from './reach';
import { notJsonPreview, problemText } from './problems';

type Child = Node | string | null | undefined | false;

function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | boolean | ((e: Event) => void)> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
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
let role: Me['role'] = 'editor';
let schema: unknown = null;
let dataSchemas: DataSchemas | null = null;
/** Cleans up the current view (timers, editors) before the next one renders. */
let leave: () => void = () => undefined;

function when(iso: string): string {
  return new Date(iso).toLocaleString();
}

function topBar(): HTMLElement {
  return h(
    'header',
    { class: 's-top' },
    h('h1', {}, 'Kopa studio'),
    h('a', { href: '#/' }, 'Screens'),
    h('span', { class: 's-user' }, `Signed in as ${user} (${role})`),
    h('button', { type: 'button', click: () => void logout() }, 'Log out'),
  );
}

async function logout(): Promise<void> {
  await call('POST', '/logout', {});
  user = '';
  renderLogin();
}

function renderLogin(message = ''): void {
  leave();
  const name = h('input', { type: 'text', name: 'user', autocomplete: 'username', required: true });
  const password = h('input', {
    type: 'password',
    name: 'password',
    autocomplete: 'current-password',
    required: true,
  });
  const error = h('p', { class: 's-error', role: 'alert' }, message);
  const form = h(
    'form',
    { class: 's-login' },
    h('h1', {}, 'Kopa studio'),
    h('p', {}, 'Operators only. The server printed how to log in when it started.'),
    h('label', {}, 'User name', name),
    h('label', {}, 'Password', password),
    error,
    h('button', { type: 'submit', class: 'primary' }, 'Log in'),
  );
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    void call<Me>('POST', '/login', { user: name.value, password: password.value }).then(
      (me) => {
        user = me.user;
        role = me.role;
        route();
      },
      (err: unknown) => {
        error.textContent = err instanceof Error ? err.message : String(err);
      },
    );
  });
  root.replaceChildren(form);
  name.focus();
}

async function renderList(): Promise<void> {
  leave();
  const list = await call<LayoutSummary[]>('GET', '/layouts');
  const rows = list.map((l) =>
    h(
      'tr',
      {},
      h('td', {}, h('a', { href: `#/layouts/${l.name}` }, l.name)),
      h('td', {}, l.path ?? '(no route)'),
      h('td', {}, l.published === null ? '-' : `v${l.published}`),
      h('td', {}, String(l.versions)),
      h('td', {}, l.draft ? `draft by ${l.draft.author}, ${when(l.draft.updatedAt)}` : ''),
    ),
  );
  root.replaceChildren(
    topBar(),
    h(
      'main',
      {},
      h('h2', { style: 'margin: 16px' }, 'Screens'),
      h(
        'table',
        { class: 's-list' },
        h(
          'thead',
          {},
          h(
            'tr',
            {},
            h('th', {}, 'Layout'),
            h('th', {}, 'Route'),
            h('th', {}, 'Published'),
            h('th', {}, 'Versions'),
            h('th', {}, 'Draft'),
          ),
        ),
        h('tbody', {}, ...rows),
      ),
    ),
  );
}

async function renderLayout(name: string): Promise<void> {
  leave();
  schema ??= await call('GET', '/schema');
  dataSchemas ??= await call<DataSchemas>('GET', '/data-schemas');
  let detail = await call<LayoutDetail>('GET', `/layouts/${encodeURIComponent(name)}`);
  let saveTimer: ReturnType<typeof setTimeout> | undefined;
  let saving: Promise<void> = Promise.resolve();
  let diff: { destroy: () => void } | null = null;
  let tab: 'problems' | 'diff' | 'history' = 'problems';
  let choice: PreviewChoice = { lang: 'en', device: DEVICES[1], scenario: '' };
  let selected: string | null = null;
  const versionTexts = new Map<number, Promise<string>>();

  const heading = h('h2', { style: 'margin: 0' }, name);
  const summary = h('p', { style: 'margin: 4px 0' });
  const status = h('p', { class: 's-status', role: 'status' });
  const why = h('input', {
    type: 'text',
    'aria-label': 'Why (goes into the history)',
    placeholder: 'Why (goes into the history)',
  });
  const publishButton = h('button', { type: 'button', class: 'primary' }, 'Publish');
  const discardButton = h('button', { type: 'button' }, 'Discard draft');
  const approveButton = h('button', { type: 'button' }, 'Approve this draft');
  const approval = h('div', { class: 's-approval', 'aria-label': 'Effects and approval' });
  const warning = h('p', { class: 's-warning', role: 'alert' });
  const outline = h('nav', { class: 's-outline', 'aria-label': 'Outline' });
  const phoneTitle = h('h3', { style: 'margin: 0 0 8px' });
  const editorBox = h('div', { class: 's-editor' });
  const panel = h('div', { class: 's-panel' });
  const tabs = h('div', { class: 's-tabs', role: 'tablist' });
  const frame = h('iframe', { title: 'Preview', src: 'about:blank' });
  const notJsonBox = h('div', {});
  const link = h('a', { target: '_blank', rel: 'noopener' }, 'Preview link');
  const linkNote = h('small', {});

  const textNow = () => editor.state.doc.toString();
  let applying = false;
  const editor = createEditor(
    editorBox,
    detail.draft?.content ?? detail.published?.content ?? '',
    schema,
    dataSchemas,
    () => {
      if (applying) return;
      status.textContent = 'Saving draft...';
      clearTimeout(saveTimer);
      saveTimer = setTimeout(() => {
        saving = save();
        renderOutline();
      }, 400);
    },
  );

  /** The node at `pointer` selected in the editor, the outline and the preview. */
  function select(pointer: string): void {
    selected = pointer;
    const range = rangeOfPointer(editor.state, pointer);
    if (range) {
      editor.dispatch({ selection: { anchor: range.from, head: range.to }, scrollIntoView: true });
      editor.focus();
    }
    for (const b of outline.querySelectorAll('button'))
      b.setAttribute('aria-current', String(b.getAttribute('data-pointer') === pointer));
    markInPreview();
  }

  function markInPreview(): void {
    frame.contentWindow?.postMessage({ kopaStudioSelect: selected }, location.origin);
  }

  function renderOutline(): void {
    let doc: unknown;
    try {
      doc = JSON.parse(textNow());
    } catch {
      return; // half-typed: the last outline stays
    }
    const items = outlineOf(doc);
    outline.replaceChildren(
      h('h3', {}, 'Outline'),
      h(
        'ul',
        {},
        ...items.map((it) =>
          h(
            'li',
            { style: `padding-left: ${it.depth * 12}px` },
            h(
              'button',
              {
                type: 'button',
                'data-pointer': it.pointer,
                'aria-current': String(it.pointer === selected),
                title: it.pointer,
                click: () => select(it.pointer),
              },
              it.label,
            ),
          ),
        ),
      ),
    );
  }

  function renderApproval(): void {
    const needed = Boolean(detail.draft && detail.effects.twoPerson);
    approveButton.hidden = !needed;
    approveButton.disabled = !detail.draft || role !== 'publisher';
    renderEffects(approval, detail, user);
  }

  function setStatus(text: string, good = false): void {
    status.textContent = text;
    status.className = good ? 's-status s-ok' : 's-status';
  }

  function showPreview(): void {
    // A draft that is not JSON has no screen: its problems stand in the frame's place.
    const notJson = notJsonPreview(issues);
    frame.hidden = notJson !== null;
    notJsonBox.replaceChildren(...(notJson ? [notJson] : []));
    const [width, height] = choice.device;
    frame.style.width = `${width}px`;
    frame.style.height = `${height}px`;
    const scenario = detail.scenarios.find((sc) => sc.name === choice.scenario);
    phoneTitle.textContent = `Preview (${width} x ${height}, ${scenario ? `${scenario.label}: ${scenario.endpoints.join(', ')}` : 'demo data'})`;
    if (!detail.preview) {
      frame.src = 'about:blank';
      link.removeAttribute('href');
      linkNote.textContent = ' (this layout has no route)';
      return;
    }
    const url = previewUrl(detail.preview.url, choice);
    // A new URL every time: the frame reloads with the draft as it is now.
    frame.src = `${url}&t=${Date.now()}`;
    link.href = new URL(url, location.origin).href;
    linkNote.textContent = ` opens the draft on any device until ${when(detail.preview.expires)} (operators only: do not share it)`;
  }

  function renderSummary(): void {
    const p = detail.published;
    summary.textContent = `${p ? `Published: version ${p.version}, by ${p.author}, ${when(p.createdAt)}` : 'Not published'}${detail.draft ? ` · draft by ${detail.draft.author}` : ' · no draft'}`;
    discardButton.disabled = !detail.draft;
    publishButton.disabled = role !== 'publisher';
    publishButton.title = role === 'publisher' ? '' : 'Publishing needs the publisher role';
    renderApproval();
  }

  function issuesPanel(issues: Issue[]): HTMLElement {
    if (issues.length === 0)
      return h('p', { class: 's-ok' }, 'No problems: the draft passes every check.');
    return h(
      'ul',
      { class: 's-issues', 'aria-label': 'Problems' },
      ...issues.map((i) =>
        h(
          'li',
          {
            click: () => {
              const line = editor.state.doc.line(Math.min(i.line, editor.state.doc.lines));
              editor.dispatch({
                selection: { anchor: Math.min(line.from + i.column - 1, line.to) },
                scrollIntoView: true,
              });
              editor.focus();
            },
          },
          problemText(i),
        ),
      ),
    );
  }

  let issues: Issue[] = detail.issues;
  function renderPanel(): void {
    diff?.destroy();
    diff = null;
    for (const b of tabs.children)
      b.setAttribute('aria-selected', String(b.getAttribute('data-tab') === tab));
    if (tab === 'problems') panel.replaceChildren(issuesPanel(issues));
    if (tab === 'diff') {
      const d = diffPanel({
        versions: detail.versions.map((v) => v.version),
        published: detail.published?.version ?? null,
        hasDraft: true,
        draftText: textNow,
        load: (v) => {
          let t = versionTexts.get(v);
          if (!t)
            versionTexts.set(
              v,
              (t = call<{ content: string }>(
                'GET',
                `/layouts/${encodeURIComponent(name)}/versions/${v}`,
              ).then((r) => r.content)),
            );
          return t;
        },
      });
      diff = d;
      panel.replaceChildren(d.el);
    }
    if (tab === 'history') panel.replaceChildren(historyPanel());
  }

  function historyPanel(): HTMLElement {
    const versions = h(
      'table',
      { 'aria-label': 'Versions' },
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          h('th', {}, 'Version'),
          h('th', {}, 'By'),
          h('th', {}, 'When'),
          h('th', {}, 'Note'),
          h('th', {}, ''),
        ),
      ),
      h(
        'tbody',
        {},
        ...detail.versions.map((v) =>
          h(
            'tr',
            {},
            h('td', {}, `v${v.version}${v.published ? ' (published)' : ''}`),
            h('td', {}, v.author),
            h('td', {}, when(v.createdAt)),
            h('td', {}, v.note),
            h(
              'td',
              {},
              v.published
                ? ''
                : h(
                    'button',
                    { type: 'button', click: () => void rollBack(v.version) },
                    `Roll back to v${v.version}`,
                  ),
            ),
          ),
        ),
      ),
    );
    const audit = h(
      'table',
      { 'aria-label': 'Audit log' },
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          h('th', {}, 'When'),
          h('th', {}, 'Who'),
          h('th', {}, 'What'),
          h('th', {}, 'Versions'),
          h('th', {}, 'Why'),
        ),
      ),
      h(
        'tbody',
        {},
        ...detail.audit.map((a) =>
          h(
            'tr',
            {},
            h('td', {}, when(a.at)),
            h('td', {}, a.actor),
            h('td', {}, a.action),
            h(
              'td',
              {},
              `${a.from === null ? '-' : `v${a.from}`} -> ${a.to === null ? '-' : `v${a.to}`}`,
            ),
            h('td', {}, a.reason),
          ),
        ),
      ),
    );
    return h('div', {}, h('h3', {}, 'Versions'), versions, h('h3', {}, 'Audit log'), audit);
  }

  async function save(): Promise<void> {
    try {
      const res = await call<SavedDraft>('PUT', `/layouts/${encodeURIComponent(name)}/draft`, {
        content: textNow(),
      });
      issues = res.issues;
      // The server says what the saved text does and who approved it (a change ends approvals).
      const fresh = await call<LayoutDetail>('GET', `/layouts/${encodeURIComponent(name)}`);
      const approvedBy = fresh.draft?.approvedBy ?? [];
      detail = {
        ...detail,
        effects: fresh.effects,
        preview: res.preview,
        draft: {
          content: textNow(),
          baseVersion: detail.published?.version ?? null,
          author: user,
          updatedAt: new Date().toISOString(),
          hash: res.hash,
          approvedBy,
        },
      };
      if (res.warning) warning.textContent = res.warning;
      showIssues(editor, issues);
      setStatus(
        issues.length === 0
          ? 'Draft saved. No problems.'
          : `Draft saved. ${issues.length} problem(s): the draft cannot be published yet.`,
        issues.length === 0,
      );
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
    warning.textContent = detail.warning ?? '';
    const text = detail.draft?.content ?? detail.published?.content ?? '';
    if (text !== textNow()) {
      applying = true; // the text comes from the server: nothing to save
      replaceText(editor, text);
      applying = false;
    }
    showIssues(editor, issues);
    renderSummary();
    renderPanel();
    renderOutline();
    showPreview();
  }

  function handle(e: unknown): void {
    if (e instanceof StudioError && e.status === 401)
      return renderLogin('Your studio session ended: log in again.');
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
      const res = await call<{ version: number; changed: boolean }>(
        'POST',
        `/layouts/${encodeURIComponent(name)}/publish`,
        { note: why.value },
      );
      why.value = '';
      await reload();
      setStatus(
        res.changed
          ? `Published version ${res.version}. ${reachesBorrowers(res.version)}`
          : `Nothing changed: version ${res.version} stays published.`,
        true,
      );
    } catch (e) {
      handle(e);
    }
  }

  async function rollBack(version: number): Promise<void> {
    try {
      await call('POST', `/layouts/${encodeURIComponent(name)}/rollback`, {
        version,
        reason: why.value,
      });
      why.value = '';
      await reload();
      tab = 'history';
      renderPanel();
      setStatus(`Version ${version} is published again. ${reachesBorrowers(version)}`, true);
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

  async function approve(): Promise<void> {
    clearTimeout(saveTimer);
    await saving;
    try {
      const res = await call<{ short: string }>(
        'POST',
        `/layouts/${encodeURIComponent(name)}/approve`,
        { hash: detail.draft?.hash },
      );
      await reload();
      setStatus(`You approved draft ${res.short}: another publisher can publish it now.`, true);
    } catch (e) {
      handle(e);
    }
  }

  approveButton.addEventListener('click', () => void approve());
  frame.addEventListener('load', markInPreview);
  publishButton.addEventListener('click', () => void publish());
  discardButton.addEventListener('click', () => void discard());
  for (const [key, label] of [
    ['problems', 'Problems'],
    ['diff', 'Diff'],
    ['history', 'History'],
  ] as const) {
    tabs.append(
      h(
        'button',
        {
          type: 'button',
          role: 'tab',
          'data-tab': key,
          click: () => {
            tab = key;
            renderPanel();
          },
        },
        label,
      ),
    );
  }

  root.replaceChildren(
    topBar(),
    h(
      'main',
      { class: 's-work' },
      outline,
      h(
        'section',
        {},
        heading,
        summary,
        warning,
        approval,
        editorBox,
        h('div', { class: 's-bar' }, why, publishButton, approveButton, discardButton),
        status,
        tabs,
        panel,
      ),
      h(
        'section',
        { class: 's-phone' },
        phoneTitle,
        previewControls(detail.scenarios, choice, (c) => {
          choice = c;
          showPreview();
        }),
        frame,
        notJsonBox,
        h('p', {}, link, linkNote),
      ),
    ),
  );
  warning.textContent = detail.warning ?? '';
  showIssues(editor, issues);
  renderSummary();
  renderPanel();
  renderOutline();
  showPreview();
  if (issues.length > 0) setStatus(`The draft has ${issues.length} problem(s).`);
  leave = () => {
    clearTimeout(saveTimer);
    diff?.destroy();
    editor.destroy();
    leave = () => undefined;
  };
}

function route(): void {
  const m = /^#\/layouts\/([A-Za-z0-9_-]+)$/.exec(location.hash);
  const done = m?.[1] ? renderLayout(m[1]) : renderList();
  done.catch((e: unknown) => {
    if (e instanceof StudioError && e.status === 401) renderLogin();
    else
      root.replaceChildren(
        topBar(),
        h(
          'p',
          { class: 's-error', role: 'alert', style: 'margin: 16px' },
          e instanceof Error ? e.message : String(e),
        ),
      );
  });
}

installStyles();
window.addEventListener('hashchange', route);
// Logged out is { user: null } (no 401 in the console on every load).
call<Me | { user: null }>('GET', '/session').then(
  (me) => {
    if (me.user === null) return renderLogin();
    user = me.user;
    role = (me as Me).role;
    route();
  },
  () => renderLogin(),
);
