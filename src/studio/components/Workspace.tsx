/**
 * One layout's workspace: the outline, the editor with its publish bar and panels (problems,
 * diff, history), and the phone preview. The draft's life (check, save, publish...) is
 * useDraft's; this wires the parts together.
 */
import { useRef, useState } from 'react';
import type { EditorView } from '@codemirror/view';
import type { LayoutDetail, Me } from '../api';
import type { DataSchemas } from '../bindingCompletion';
import { useDraft } from '../hooks/useDraft';
import { useEditorNavigation } from '../hooks/useEditorNavigation';
import { useOutline } from '../hooks/useOutline';
import { useVersionTexts } from '../hooks/useVersionTexts';
import { DEVICES, type PreviewChoice } from '../preview';
import type { Schema } from '../schema/schemaWalk';
import { CodeEditor } from './CodeEditor';
import { EffectsPanel } from './EffectsPanel';
import { LayoutHeading } from './LayoutHeading';
import { OutlineNav } from './OutlineNav';
import { PreviewPane } from './PreviewPane';
import { Panels, type Tab } from './Panels';
import { PublishBar } from './PublishBar';

interface Props {
  name: string;
  me: Me;
  schema: Schema;
  dataSchemas: DataSchemas;
  detail: LayoutDetail;
  onExpired: (message?: string) => void;
}

export function Workspace({ name, me, schema, dataSchemas, detail: initial, onExpired }: Props) {
  const initialText = initial.draft?.content ?? initial.published?.content ?? '';
  const view = useRef<EditorView | null>(null);
  const [tab, setTab] = useState<Tab>('problems');
  const [choice, setChoice] = useState<PreviewChoice>({
    lang: 'en',
    device: DEVICES[1],
    scenario: '',
  });
  const { selected, select, goTo } = useEditorNavigation(view);
  const [why, setWhy] = useState('');
  const [outline, onChecked] = useOutline(initialText);
  const draft = useDraft({
    name,
    me,
    initial,
    view,
    onExpired,
    onChecked,
    onProblems: () => setTab('problems'),
  });
  const { detail } = draft;
  const load = useVersionTexts(name);

  return (
    <main className="s-work">
      <OutlineNav items={outline} selected={selected} onSelect={select} />
      <section className="s-middle" aria-label="Editor">
        <LayoutHeading name={name} detail={detail} />
        <p className="s-warning" role="alert">
          {draft.warning}
        </p>
        <EffectsPanel detail={detail} user={me.user} />
        <CodeEditor
          initialText={initialText}
          schema={schema}
          dataSchemas={dataSchemas}
          issues={draft.issues}
          viewRef={view}
          onChange={draft.edited}
        />
        <PublishBar
          me={me}
          detail={detail}
          why={why}
          onWhy={setWhy}
          onPublish={() => void draft.publish(why).then((ok) => ok && setWhy(''))}
          onApprove={() => void draft.approve()}
          onDiscard={() => void draft.discard()}
        />
        <p className={draft.status.good ? 's-status s-ok' : 's-status'} role="status">
          {draft.status.text}
        </p>
        <Panels
          issues={draft.issues}
          onPick={goTo}
          detail={detail}
          draftText={() => view.current?.state.doc.toString() ?? ''}
          load={load}
          revision={draft.revision}
          onRollBack={(v) => void draft.rollBack(v, why).then((ok) => ok && setWhy(''))}
          tab={tab}
          onTab={setTab}
        />
      </section>
      <PreviewPane
        detail={detail}
        issues={draft.issues}
        choice={choice}
        onChoice={setChoice}
        revision={draft.revision}
        lastEditAt={draft.lastEditAt}
        selected={selected}
      />
    </main>
  );
}
