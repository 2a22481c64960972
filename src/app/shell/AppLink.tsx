import type { MouseEvent, ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';

/**
 * A link to a path of this app: a real anchor (a new tab, a copied address work as usual),
 * followed in the app on a plain click. React Router's Link does the same and more
 * (prefetching, view transitions, forms' code) that costs every first visit ~3 KB compressed.
 */
export function AppLink({
  to,
  className,
  children,
}: {
  to: string;
  className?: string;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    // A modified or non-primary click is the browser's (new tab, new window, download).
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.altKey ||
      event.ctrlKey ||
      event.shiftKey
    )
      return;
    event.preventDefault();
    void navigate(to);
  };
  return (
    <a className={className} href={to} onClick={follow}>
      {children}
    </a>
  );
}
