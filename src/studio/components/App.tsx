/**
 * The studio's frame: who is logged in (GET /studio/api/session: logged out is an answer, not a
 * 401), the login form, and the route the hash names: the screens list or one layout.
 */
import { useCallback, useEffect, useState } from 'react';
import { call, type Me } from '../api';
import { useHash } from '../hooks/useHash';
import { LayoutScreen } from './LayoutScreen';
import { LoginForm } from './LoginForm';
import { ScreenList } from './ScreenList';
import { TopBar } from './TopBar';

export function App() {
  /** undefined while the studio asks who is logged in; null when nobody is. */
  const [me, setMe] = useState<Me | null | undefined>(undefined);
  const [loginMessage, setLoginMessage] = useState('');
  const hash = useHash();

  useEffect(() => {
    call<Me | { user: null }>('GET', '/session').then(
      (who) => setMe(who.user === null ? null : (who as Me)),
      () => setMe(null),
    );
  }, []);

  const expired = useCallback((message = '') => {
    setLoginMessage(message);
    setMe(null);
  }, []);
  const logout = useCallback(() => {
    void call('POST', '/logout', {}).then(() => expired());
  }, [expired]);

  if (me === undefined) return null;
  if (me === null)
    return (
      <LoginForm
        message={loginMessage}
        onLogin={(who) => {
          setLoginMessage('');
          setMe(who);
        }}
      />
    );
  const layout = /^#\/layouts\/([A-Za-z0-9_-]+)$/.exec(hash)?.[1];
  return (
    <>
      <TopBar me={me} onLogout={logout} />
      {layout ? (
        <LayoutScreen key={layout} name={layout} me={me} onExpired={expired} />
      ) : (
        <ScreenList onExpired={expired} />
      )}
    </>
  );
}
