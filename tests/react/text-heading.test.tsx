import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { layoutOf, renderLayout } from '../support/renderLayout';

/* The text widget's heading level (every page has one h1, headings go down one step). */
describe('text widget headings', () => {
  it('renders level 1 as the page heading and keeps h2 as the default', async () => {
    await renderLayout(
      layoutOf([
        { type: 'text', role: 'heading', level: 1, text: 'About us' },
        { type: 'text', role: 'heading', text: 'Who we are' },
        { type: 'text', role: 'heading', level: 3, text: 'Our licence' },
      ]),
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('About us');
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Who we are');
    expect(screen.getByRole('heading', { level: 3 }).textContent).toBe('Our licence');
  });
});
