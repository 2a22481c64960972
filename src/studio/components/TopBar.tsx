/** The bar above every logged-in page: the studio's name, the screens link, who is logged in. */
import type { Me } from '../api';

export function TopBar({ me, onLogout }: { me: Me; onLogout: () => void }) {
  return (
    <header className="s-top">
      <h1>Kopa studio</h1>
      <a href="#/">Screens</a>
      <span className="s-user">
        Signed in as {me.user} ({me.role})
      </span>
      <button type="button" onClick={onLogout}>
        Log out
      </button>
    </header>
  );
}
