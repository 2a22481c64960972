/**
 * A layout's draft as the workspace edits it: every edit is checked in the worker at once
 * (checker/) and saved to the server 400 ms after the last key; publish, roll back, discard and
 * approve, each answered in the status line; the layout reloaded from the server after each.
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { EditorView } from '@codemirror/view';
import { call, StudioError, type Issue, type LayoutDetail, type Me, type SavedDraft } from '../api';
import { useChecker } from './useChecker';
import { replaceText } from '../editor';
import { reachesBorrowers } from '../reach';

const SAVE_AFTER_MS = 400;
const NOT_YET = 'the draft cannot be published yet.';

interface Status {
  text: string;
  good: boolean;
}

interface DraftArgs {
  name: string;
  me: Me;
  initial: LayoutDetail;
  view: RefObject<EditorView | null>;
  onExpired: (message?: string) => void;
  /** The text the checker last checked (the outline follows it). */
  onChecked: (text: string) => void;
  /** A refusal listed problems: show them. */
  onProblems: () => void;
}

export function useDraft({ name, me, initial, view, onExpired, onChecked, onProblems }: DraftArgs) {
  const state = useDraftState(initial);
  const { detailRef, setDetail, setIssues, setStatus, setWarning, setRevision } = state;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const saving = useRef<Promise<void>>(Promise.resolve());
  const applying = useRef(false);
  const lastEdit = useRef(0);
  const latest = useRef({ onChecked });
  latest.current = { onChecked };

  const path = `/layouts/${encodeURIComponent(name)}`;
  const textNow = () => view.current?.state.doc.toString() ?? '';
  const checker = useChecker(name, (found, text) => {
    setIssues(found);
    latest.current.onChecked(text);
  });
  useEffect(() => () => clearTimeout(timer.current), []);

  const handle = failureHandler(onExpired, onProblems, setIssues, setStatus);

  async function save(): Promise<void> {
    const text = textNow();
    try {
      const { saved, detail } = await saveDraft(path, text, me, detailRef.current);
      setDetail(detail);
      if (saved.warning) setWarning(saved.warning);
      // The server's check is the publishing one; it stands while the text is the one it checked.
      if (textNow() === text) setIssues(saved.issues);
      const n = saved.issues.length;
      setStatus(
        n === 0 ? 'Draft saved. No problems.' : `Draft saved. ${n} problem(s): ${NOT_YET}`,
        n === 0,
      );
      setRevision((r) => r + 1);
    } catch (e) {
      handle(e);
    }
  }

  /** The editor's text changed (a key, a paste, a completion). */
  function edited(text: string): void {
    if (applying.current) return;
    lastEdit.current = Date.now();
    checker.current?.check(text);
    setStatus('Saving draft...');
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      saving.current = save();
    }, SAVE_AFTER_MS);
  }

  async function reload(): Promise<void> {
    const fresh = await call<LayoutDetail>('GET', path);
    setDetail(fresh);
    setIssues(fresh.issues);
    setWarning(fresh.warning ?? '');
    const text = fresh.draft?.content ?? fresh.published?.content ?? '';
    showServerText(view.current, text, applying);
    latest.current.onChecked(text);
    setRevision((r) => r + 1);
  }

  /** Saves what is typed and not yet saved, before an action that needs the server's draft. */
  async function settle(): Promise<void> {
    await saved();
    if (detailRef.current.draft?.content !== textNow()) await save();
  }

  /** Runs an action on the server, then shows the layout as it is now; false when refused. */
  async function act(run: () => Promise<string>): Promise<boolean> {
    try {
      const said = await run();
      await reload();
      setStatus(said, true);
      return true;
    } catch (e) {
      handle(e);
      return false;
    }
  }

  const saved = async () => {
    clearTimeout(timer.current);
    await saving.current;
  };
  const actions = draftActions(path, act, settle, saved, () => detailRef.current.draft?.hash);

  const { detail, issues, status, warning, revision } = state;
  const lastEditAt = useCallback(() => lastEdit.current, []);
  return { detail, issues, status, warning, revision, edited, lastEditAt, ...actions };
}

/**
 * Publish, roll back, discard, approve: each a call, then `act` reloads and says what happened.
 * `settle` saves what is typed first; `saved` waits for the save under way.
 */
function draftActions(
  path: string,
  act: (run: () => Promise<string>) => Promise<boolean>,
  settle: () => Promise<void>,
  saved: () => Promise<void>,
  hash: () => string | undefined,
) {
  const publish = async (note: string) => {
    await settle();
    return act(async () => {
      const res = await call<{ version: number; changed: boolean }>('POST', `${path}/publish`, {
        note,
      });
      return res.changed
        ? `Published version ${res.version}. ${reachesBorrowers(res.version)}`
        : `Nothing changed: version ${res.version} stays published.`;
    });
  };
  const rollBack = (version: number, reason: string) =>
    act(async () => {
      await call('POST', `${path}/rollback`, { version, reason });
      return `Version ${version} is published again. ${reachesBorrowers(version)}`;
    });
  const discard = () =>
    act(async () => {
      await call('DELETE', `${path}/draft`);
      return 'Draft discarded: the editor shows the published version.';
    });
  const approve = async () => {
    await saved();
    return act(async () => {
      const res = await call<{ short: string }>('POST', `${path}/approve`, { hash: hash() });
      return `You approved draft ${res.short}: another publisher can publish it now.`;
    });
  };

  return { publish, rollBack, discard, approve };
}

/** Saves `text` as the draft; the layout as it is then (effects and approvals from the server). */
async function saveDraft(
  path: string,
  text: string,
  me: Me,
  before: LayoutDetail,
): Promise<{ saved: SavedDraft; detail: LayoutDetail }> {
  const saved = await call<SavedDraft>('PUT', `${path}/draft`, { content: text });
  // The server says what the saved text does and who approved it (a change ends approvals).
  const fresh = await call<LayoutDetail>('GET', path);
  const detail: LayoutDetail = {
    ...before,
    effects: fresh.effects,
    preview: saved.preview,
    draft: {
      content: text,
      baseVersion: before.published?.version ?? null,
      author: me.user,
      updatedAt: new Date().toISOString(),
      hash: saved.hash,
      approvedBy: fresh.draft?.approvedBy ?? [],
    },
  };
  return { saved, detail };
}

/** The layout, its problems and the status line, with the layout also in a ref for callbacks. */
function useDraftState(initial: LayoutDetail) {
  const [detail, setDetailState] = useState(initial);
  const detailRef = useRef(initial);
  const [issues, setIssuesState] = useState<Issue[]>(initial.issues);
  const issuesNow = useRef(JSON.stringify(initial.issues));
  // The same problems again (most keys): the list, the editor's marks and the preview stay.
  const setIssues = (next: Issue[]) => {
    const key = JSON.stringify(next);
    if (key === issuesNow.current) return;
    issuesNow.current = key;
    setIssuesState(next);
  };
  const [status, setStatusState] = useState<Status>({
    text: initial.issues.length > 0 ? `The draft has ${initial.issues.length} problem(s).` : '',
    good: false,
  });
  const setDetail = (d: LayoutDetail) => {
    detailRef.current = d;
    setDetailState(d);
  };
  const statusNow = useRef<Status>({ text: '', good: false });
  // A key while "Saving draft..." shows already: no render at all.
  const setStatus = (text: string, good = false) => {
    if (statusNow.current.text === text && statusNow.current.good === good) return;
    statusNow.current = { text, good };
    setStatusState(statusNow.current);
  };
  const [warning, setWarning] = useState(initial.warning ?? '');
  /** Bumped after each save and reload: the preview and the diff show the text as it is now. */
  const [revision, setRevision] = useState(0);
  return {
    ...{ detail, detailRef, setDetail, issues, setIssues, status, setStatus },
    ...{ warning, setWarning, revision, setRevision },
  };
}

/** What a refused call means: a session that ended logs out; listed problems are shown. */
function failureHandler(
  onExpired: (message?: string) => void,
  onProblems: () => void,
  setIssues: (issues: Issue[]) => void,
  setStatus: (text: string) => void,
) {
  return (e: unknown): void => {
    if (e instanceof StudioError && e.status === 401) {
      onExpired('Your studio session ended: log in again.');
      return;
    }
    if (e instanceof StudioError && e.issues.length > 0) {
      setIssues(e.issues);
      onProblems();
    }
    setStatus(e instanceof Error ? e.message : String(e));
  };
}

/** Puts the server's text into the editor, when it differs, without saving it back. */
function showServerText(
  view: EditorView | null,
  text: string,
  applying: { current: boolean },
): void {
  if (!view || view.state.doc.toString() === text) return;
  applying.current = true;
  replaceText(view, text);
  applying.current = false;
}
