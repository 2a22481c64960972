import { msg } from '@kopa/format';
import { AppLink } from './AppLink';

interface Props {
  kind: 'loading' | 'error' | 'not-found';
  message: string;
  onRetry?: () => void;
}

/** Loading, error (with Retry) and not-found screens: the app never shows a blank page. */
export function StatusScreen({ kind, message, onRetry }: Props) {
  return (
    <main
      className={`k-page k-state k-state--${kind}`}
      role={kind === 'loading' ? 'status' : 'alert'}
    >
      {kind === 'loading' ? <span className="k-spinner" aria-hidden="true" /> : null}
      {kind === 'not-found' ? <h1 className="k-state__title">{msg('app.notFoundTitle')}</h1> : null}
      <p>{message}</p>
      {onRetry ? (
        <button type="button" className="k-button k-button--primary" onClick={onRetry}>
          {msg('common.retry')}
        </button>
      ) : null}
      {kind === 'not-found' ? (
        <AppLink className="k-button k-button--secondary" to="/">
          {msg('app.goHome')}
        </AppLink>
      ) : null}
    </main>
  );
}
