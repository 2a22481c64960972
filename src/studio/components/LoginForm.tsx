/** The operators' login: user name and password; a refusal is said in the form. */
import { useState, type FormEvent } from 'react';
import { call, type Me } from '../api';

export function LoginForm({ message, onLogin }: { message: string; onLogin: (me: Me) => void }) {
  const [user, setUser] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState(message);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    call<Me>('POST', '/login', { user, password }).then(onLogin, (err: unknown) =>
      setError(err instanceof Error ? err.message : String(err)),
    );
  };
  return (
    <main>
      <form className="s-login" onSubmit={submit}>
        <h1>Kopa studio</h1>
        <p>Operators only. The server printed how to log in when it started.</p>
        <label>
          User name
          <input
            type="text"
            name="user"
            autoComplete="username"
            required
            autoFocus
            value={user}
            onChange={(e) => setUser(e.target.value)}
          />
        </label>
        <label>
          Password
          <input
            type="password"
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </label>
        <p className="s-error" role="alert">
          {error}
        </p>
        <button type="submit" className="primary">
          Log in
        </button>
      </form>
    </main>
  );
}
