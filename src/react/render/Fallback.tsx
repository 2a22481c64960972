import { usePageRuntime } from './contexts';

/**
 * What a broken or unknown node shows. In development it names the node's JSON pointer and the
 * problem so an operator sees what to fix; in production it is an unobtrusive empty box.
 */
export function Fallback({ pointer, message }: { pointer: string; message: string }) {
  const { env } = usePageRuntime();
  if (!env.dev) return <div className="k-fallback" data-pointer={pointer} aria-hidden="true" />;
  return (
    <div className="k-fallback k-fallback--dev" role="note" data-pointer={pointer}>
      <strong>Layout problem at {pointer || '/'}</strong>
      <span>{message}</span>
    </div>
  );
}
