// @vitest-environment jsdom
/**
 * The app's router keeps the browser's history as BrowserRouter did (the same URLs,
 * entry keys and state), but writes nothing to it until the borrower navigates: BrowserRouter's
 * replaceState at start cost 0.2-30 ms on a 4x slower CPU.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLocation, useNavigate } from 'react-router-dom';
import { AppRouter, createAppHistory } from '../../src/app/shell/AppRouter';

beforeEach(() => {
  window.history.replaceState(null, '', '/repay?orderId=O170');
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('createAppHistory', () => {
  it('reads the first entry without writing to the history: key "default", no state', () => {
    const replace = vi.spyOn(window.history, 'replaceState');
    const push = vi.spyOn(window.history, 'pushState');
    const history = createAppHistory(window);
    expect(history.location).toMatchObject({
      pathname: '/repay',
      search: '?orderId=O170',
      hash: '',
      state: null,
      key: 'default',
    });
    expect(history.action).toBe('POP');
    expect(replace).not.toHaveBeenCalled();
    expect(push).not.toHaveBeenCalled();
  });

  it("pushes and replaces entries with a new key and the caller's state, and tells its listener", () => {
    const history = createAppHistory(window);
    const updates: string[] = [];
    const stop = history.listen(({ action, location }) =>
      updates.push(`${action} ${location.pathname}${location.search}`),
    );
    history.push({ pathname: '/repayChoose', search: '?a=1', hash: '' }, { from: 'repay' });
    expect(window.location.pathname + window.location.search).toBe('/repayChoose?a=1');
    const pushed = history.location;
    expect(pushed.state).toEqual({ from: 'repay' });
    expect(pushed.key).not.toBe('default');
    history.replace('/bindBank');
    expect(window.location.pathname).toBe('/bindBank');
    expect(history.location.key).not.toBe(pushed.key);
    expect(updates).toEqual(['PUSH /repayChoose?a=1', 'REPLACE /bindBank']);
    stop();
    history.push('/about');
    expect(updates).toHaveLength(2);
  });

  it('follows the browser\'s back and forward: the entry\'s own key, "default" for the first', () => {
    const history = createAppHistory(window);
    const updates: string[] = [];
    history.listen(({ action, location }) =>
      updates.push(`${action} ${location.pathname} ${location.key}`),
    );
    history.push('/repayChoose');
    const key = history.location.key;
    window.history.replaceState(null, '', '/repay?orderId=O170');
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(updates.at(-1)).toBe('POP /repay default');
    window.history.replaceState({ usr: null, key }, '', '/repayChoose');
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(updates.at(-1)).toBe(`POP /repayChoose ${key}`);
  });

  it('makes hrefs and encoded locations as React Router expects', () => {
    const history = createAppHistory(window);
    expect(history.createHref({ pathname: '/a', search: '?b=1', hash: '#c' })).toBe('/a?b=1#c');
    expect(history.encodeLocation?.('/a b?x=1')).toEqual({
      pathname: '/a%20b',
      search: '?x=1',
      hash: '',
    });
  });

  it('loads the page in full when the browser refuses another entry', () => {
    const history = createAppHistory(window);
    vi.spyOn(window.history, 'pushState').mockImplementation(() => {
      throw new DOMException('too many', 'SecurityError');
    });
    const assign = vi.fn();
    const win = {
      history: window.history,
      location: { ...window.location, assign },
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    } as unknown as Window;
    createAppHistory(win).push('/repayChoose');
    expect(assign).toHaveBeenCalledWith('/repayChoose');
    expect(history.location.pathname).toBe('/repay');
  });
});

function Where() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <p>
        at {location.pathname}
        {location.search}
      </p>
      <button type="button" onClick={() => navigate('/repayChoose?orderId=O170')}>
        Go
      </button>
      <button type="button" onClick={() => navigate('/bindBank', { replace: true })}>
        Replace
      </button>
    </>
  );
}

describe('AppRouter', () => {
  it('renders the current location and moves with useNavigate, pushing and replacing entries', async () => {
    const push = vi.spyOn(window.history, 'pushState');
    const replace = vi.spyOn(window.history, 'replaceState');
    render(
      <AppRouter>
        <Where />
      </AppRouter>,
    );
    screen.getByText('at /repay?orderId=O170');
    expect(replace).not.toHaveBeenCalled();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Go' })));
    await screen.findByText('at /repayChoose?orderId=O170');
    expect(push).toHaveBeenCalledTimes(1);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Replace' })));
    await screen.findByText('at /bindBank');
    expect(replace).toHaveBeenCalledTimes(1);
    expect(window.location.pathname).toBe('/bindBank');
  });

  it("follows the browser's back button", async () => {
    render(
      <AppRouter>
        <Where />
      </AppRouter>,
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Go' })));
    await screen.findByText('at /repayChoose?orderId=O170');
    await act(async () => {
      window.history.replaceState(null, '', '/repay?orderId=O170');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await screen.findByText('at /repay?orderId=O170');
  });
});
