/** The studio's calls to /studio/api (server/layouts/studio/routes.ts): JSON in, the envelope's data out. */

export interface Issue {
  file: string;
  pointer: string;
  code: string;
  message: string;
  line: number;
  column: number;
  /** The same in the operator's words (server/layouts/check.ts): what the studio shows. */
  words: { message: string; where: string; fix: string; line: number; column: number };
}

export interface LayoutSummary {
  name: string;
  published: number | null;
  versions: number;
  path: string | null;
  draft: { author: string; updatedAt: string } | null;
}

export interface LayoutDetail {
  name: string;
  published: {
    version: number;
    content: string;
    author: string;
    note: string;
    createdAt: string;
  } | null;
  /** hash: what an approval is for; approvedBy: who approved exactly this text. */
  draft: {
    content: string;
    baseVersion: number | null;
    author: string;
    updatedAt: string;
    hash: string;
    approvedBy: string[];
  } | null;
  versions: Array<{
    version: number;
    author: string;
    note: string;
    createdAt: string;
    published: boolean;
  }>;
  audit: Array<{
    id: number;
    action: string;
    actor: string;
    at: string;
    from: number | null;
    to: number | null;
    reason: string;
  }>;
  issues: Issue[];
  preview: { url: string; expires: string } | null;
  /** What the draft does, its change against the published version, and why two people must publish it (null: one may). */
  effects: { diff: string[]; twoPerson: string | null };
  /** Another operator edits this draft too. */
  warning: string | null;
  /** The data scenarios this screen's sources have (server/layouts/previewScenarios.ts). */
  scenarios: Array<{ name: string; label: string; endpoints: string[] }>;
}

export interface SavedDraft {
  issues: Issue[];
  preview: LayoutDetail['preview'];
  hash: string;
  warning: string | null;
}

export interface Me {
  user: string;
  role: 'editor' | 'publisher';
}

export class StudioError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly issues: Issue[] = [],
  ) {
    super(message);
  }
}

export async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`/studio/api${path}`, {
    method,
    credentials: 'same-origin',
    headers:
      body === undefined
        ? { accept: 'application/json' }
        : { accept: 'application/json', 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  let envelope: { message?: string; data?: unknown } = {};
  try {
    envelope = (await res.json()) as typeof envelope;
  } catch {
    // Not JSON (a proxy's error page): the status says enough.
  }
  if (!res.ok) {
    const issues = (envelope.data as { issues?: Issue[] } | undefined)?.issues ?? [];
    throw new StudioError(res.status, envelope.message ?? `HTTP ${res.status}`, issues);
  }
  return envelope.data as T;
}
