/**
 * The phone preview: the real borrower route (the borrower app and its renderer, @kopa/react)
 * showing the draft in a frame of the chosen device size, language and data scenario, reloaded
 * after every save; the node chosen in the outline is marked in it. A draft that is not JSON
 * previews as its problem list.
 */
import { useEffect, useRef, useState } from 'react';
import type { Issue, LayoutDetail } from '../api';
import { DEVICES, LANGUAGES, previewUrl, type PreviewChoice } from '../preview';
import { NotJsonPreview } from './ProblemList';
import { when } from './when';

interface Props {
  detail: LayoutDetail;
  issues: Issue[];
  choice: PreviewChoice;
  onChoice: (c: PreviewChoice) => void;
  /** Changes after every save: the frame loads the draft as it is now. */
  revision: number;
  /** When the operator last typed: the frame reloads only in a pause. */
  lastEditAt: () => number;
  selected: string | null;
}

/**
 * Reloading the frame runs the borrower app on the studio's own thread (a same-origin frame):
 * hundreds of ms on a slow machine. It waits for a pause in the typing, so keys never queue
 * behind it.
 */
const RELOAD_AFTER_QUIET_MS = 1500;

function useQuietValue(value: string, lastEditAt: () => number): string {
  const [shown, setShown] = useState(value);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const settle = () => {
      const quiet = Date.now() - lastEditAt();
      if (quiet >= RELOAD_AFTER_QUIET_MS) setShown(value);
      else timer = setTimeout(settle, RELOAD_AFTER_QUIET_MS - quiet);
    };
    settle();
    return () => clearTimeout(timer);
  }, [value, lastEditAt]);
  return shown;
}

function Switch(props: {
  label: string;
  options: ReadonlyArray<readonly [string, string]>;
  value: string;
  onChange: (v: string) => void;
}) {
  return (
    <label>
      {props.label}{' '}
      <select
        aria-label={props.label}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      >
        {props.options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}

export function PreviewPane(props: Props) {
  const { detail, issues, choice, onChoice, revision, selected } = props;
  const frame = useRef<HTMLIFrameElement>(null);
  const mark = () =>
    frame.current?.contentWindow?.postMessage({ kopaStudioSelect: selected }, location.origin);
  const markRef = useRef(mark);
  markRef.current = mark;
  useEffect(() => markRef.current(), [selected]);

  const notJson = issues.some((i) => i.code === 'not-json');
  const [width, height] = choice.device;
  const scenario = detail.scenarios.find((s) => s.name === choice.scenario);
  const url = detail.preview ? previewUrl(detail.preview.url, choice) : null;
  // The revision in the address: a new address reloads the frame with the draft as saved.
  const src = useQuietValue(
    url ? `${url}&t=${revision}-${detail.draft?.hash ?? ''}` : 'about:blank',
    props.lastEditAt,
  );
  return (
    <section className="s-phone">
      <h3 className="s-phone-title">
        Preview ({width} x {height},{' '}
        {scenario ? `${scenario.label}: ${scenario.endpoints.join(', ')}` : 'demo data'})
      </h3>
      <div className="s-switches">
        <Switch
          label="Language"
          options={LANGUAGES}
          value={choice.lang}
          onChange={(lang) => onChoice({ ...choice, lang })}
        />
        <Switch
          label="Device"
          options={DEVICES.map(([w, h]) => [`${w}x${h}`, `${w} x ${h}`] as const)}
          value={`${width}x${height}`}
          onChange={(v) =>
            onChoice({
              ...choice,
              device: DEVICES.find(([w, h]) => `${w}x${h}` === v) ?? DEVICES[1],
            })
          }
        />
        <Switch
          label="Data"
          options={[['', 'Demo data'], ...detail.scenarios.map((s) => [s.name, s.label] as const)]}
          value={choice.scenario}
          onChange={(s) => onChoice({ ...choice, scenario: s })}
        />
      </div>
      <iframe
        ref={frame}
        title="Preview"
        src={src}
        hidden={notJson}
        style={{ width: `${width}px`, height: `${height}px` }}
        onLoad={() => markRef.current()}
      />
      <NotJsonPreview issues={issues} />
      <p>
        <a
          target="_blank"
          rel="noopener"
          href={url ? new URL(url, location.origin).href : undefined}
        >
          Preview link
        </a>
        <small>
          {detail.preview
            ? ` opens the draft on any device until ${when(detail.preview.expires)} (operators only: do not share it)`
            : ' (this layout has no route)'}
        </small>
      </p>
    </section>
  );
}
