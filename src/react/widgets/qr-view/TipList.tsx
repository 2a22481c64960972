import { useText } from '../../render/useBinding';

/** Each tip is its own component so that every line is bound (and reported) on its own pointer. */
function Tip({ text, pointer }: { text: string; pointer: string }) {
  const line = useText(text, pointer);
  return line ? <li>{line}</li> : null;
}

export function TipList({
  title,
  tips,
  pointer,
}: {
  title: string | undefined;
  tips: readonly string[];
  pointer: string;
}) {
  const heading = useText(title, `${pointer}/tipsTitle`);
  return (
    <div className="k-qr-view__tips">
      {heading ? <p className="k-qr-view__tips-title">{heading}</p> : null}
      <ol>
        {tips.map((tip, i) => (
          <Tip key={i} text={tip} pointer={`${pointer}/tips/${i}`} />
        ))}
      </ol>
    </div>
  );
}
