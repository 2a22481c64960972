import type { ChangeEvent } from 'react';
import type { NodeOf, WidgetProps } from '../../render/widgetTypes';
import { usePageRuntime } from '../../render/contexts';
import { useText } from '../../render/useBinding';
import { useActionRunner } from '../../render/useAction';
import { useStatePath, useStateReader } from '../../render/useStatePath';
import { styleClass } from '../styleClass';
import { ACCEPT, checkImageFile, type FileRefusal } from './checkImageFile';
import { msg } from '@kopa/format';
import './image-upload.css';

const DEFAULT_MAX_BYTES = 5 * 1024 * 1024;

function urlsOf(value: unknown): string[] {
  return Array.isArray(value)
    ? value.filter((v): v is string => typeof v === 'string' && v !== '')
    : [];
}

/** The upload answer: the URL itself, or an object with a url field (the API's { url }). */
function uploadedUrl(value: unknown): string | null {
  if (typeof value === 'string' && value) return value;
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const url = (value as { url?: unknown }).url;
    if (typeof url === 'string' && url) return url;
  }
  return null;
}

/** What the borrower is told when a picture is refused, or when there are enough of them. */
function useUploadMessages(
  node: NodeOf<'image-upload'>,
  pointer: string,
  maxCount: number,
): Record<FileRefusal | 'full', string> {
  return {
    empty: useText(node.messages?.empty ?? msg('widget.fileEmpty'), `${pointer}/messages/empty`),
    tooLarge: useText(
      node.messages?.tooLarge ?? msg('widget.fileTooLarge'),
      `${pointer}/messages/tooLarge`,
    ),
    notImage: useText(
      node.messages?.notImage ?? msg('widget.fileNotImage'),
      `${pointer}/messages/notImage`,
    ),
    badName: useText(
      node.messages?.badName ?? msg('widget.fileBadName'),
      `${pointer}/messages/badName`,
    ),
    full: useText(
      node.messages?.full ?? msg('widget.tooManyPictures', { max: maxCount }),
      `${pointer}/messages/full`,
    ),
  };
}

/** One uploaded picture (shown only if its URL passes the image check), with its Remove button. */
function PictureTile(props: {
  src: string | null;
  index: number;
  readOnly: boolean;
  onRemove: () => void;
}) {
  const n = props.index + 1;
  return (
    <li className="k-image-upload__tile">
      {props.src ? (
        <img className="k-image-upload__img" src={props.src} alt={`Picture ${n}`} />
      ) : null}
      {props.readOnly ? null : (
        <button
          type="button"
          className="k-image-upload__remove"
          aria-label={`Remove picture ${n}`}
          onClick={props.onRemove}
        >
          ×
        </button>
      )}
    </li>
  );
}

/** The "+" tile: a file input, busy while a picture uploads. */
function AddTile(props: {
  label: string;
  pending: boolean;
  onChange: (e: ChangeEvent<HTMLInputElement>) => void;
}) {
  return (
    <li className="k-image-upload__tile k-image-upload__add">
      <label className="k-image-upload__add-label">
        {props.pending ? (
          <span className="k-spinner" aria-hidden="true" />
        ) : (
          <span aria-hidden="true">+</span>
        )}
        <input
          className="k-image-upload__input"
          type="file"
          accept={ACCEPT}
          aria-label={props.label}
          disabled={props.pending}
          onChange={props.onChange}
        />
      </label>
    </li>
  );
}

export default function ImageUpload({ node, pointer }: WidgetProps<NodeOf<'image-upload'>>) {
  const { env, signal } = usePageRuntime();
  const [rawList, setList] = useStatePath(node.bind, `${pointer}/bind`);
  const [, setResult] = useStatePath(node.resultPath, `${pointer}/resultPath`);
  const { run, pending } = useActionRunner(pointer);
  const maxCount = node.maxCount ?? 9;
  const messages = useUploadMessages(node, pointer, maxCount);
  const addLabel = useText(node.addLabel ?? msg('widget.addPicture'), `${pointer}/addLabel`);
  const urls = urlsOf(rawList);
  const readOnly = node.readOnly === true;

  const readState = useStateReader();

  const upload = async (file: File) => {
    if (urls.length >= maxCount) {
      env.toast(messages.full, { kind: 'info' });
      return;
    }
    const check = await checkImageFile(file, node.maxBytes ?? DEFAULT_MAX_BYTES);
    if (!check.ok) {
      env.toast(messages[check.reason], { kind: 'info' });
      return;
    }
    if (!node.resultPath) {
      env.report({
        pointer,
        message: 'image-upload needs resultPath to receive the uploaded URL',
        kind: 'widget',
      });
      return;
    }
    setResult(null); // a failed upload must not re-add the previous picture
    const outcome = await run(node.onSelect, 'onSelect', { file });
    if (outcome !== 'continue' || signal.aborted) return;
    const url = uploadedUrl(readState(node.resultPath));
    const safe = url === null ? null : env.checkImageUrl(url);
    if (safe === null) {
      env.report({
        pointer: `${pointer}/resultPath`,
        message: 'No usable image URL after onSelect',
        kind: 'widget',
      });
      return;
    }
    // Re-read the list: the user may have removed a picture while this one was uploading.
    const current = urlsOf(readState(node.bind));
    if (current.length < maxCount) setList([...current, safe]);
  };

  const onChange = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = ''; // choosing the same file again must fire change again
    if (file) void upload(file);
  };

  const remove = (index: number) => setList(urls.filter((_, i) => i !== index));

  return (
    <ul id={node.id} className={styleClass(node.style, 'k-image-upload')} aria-busy={pending}>
      {urls.map((url, i) => (
        <PictureTile
          key={`${i}-${url}`}
          src={env.checkImageUrl(url)}
          index={i}
          readOnly={readOnly}
          onRemove={() => remove(i)}
        />
      ))}
      {!readOnly && urls.length < maxCount ? (
        <AddTile label={addLabel} pending={pending} onChange={onChange} />
      ) : null}
    </ul>
  );
}
