import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Input } from './input.tsx';

/*
 * jsdom draws nothing, so these check which focus the ring is tied to: a
 * date field's ring must not depend on :focus-visible, which Chromium drops
 * from the field once its calendar has been opened.
 */

const classesOf = (element: HTMLElement) => element.className.split(/\s+/);

describe('the focus ring of an input', () => {
  it('shows on a date field while focus is anywhere within it, its calendar button too', () => {
    render(<Input type="date" aria-label="Due date" />);
    const classes = classesOf(screen.getByLabelText('Due date'));
    expect(classes).toEqual(
      expect.arrayContaining([
        'focus-within:outline-2',
        'focus-within:outline-offset-2',
        'focus-within:outline-ring',
      ]),
    );
    expect(classes.filter((name) => name.startsWith('focus-visible:'))).toEqual([]);
  });

  it('shows on a text field when focus is visible, as on every other control', () => {
    render(<Input aria-label="Item" />);
    expect(classesOf(screen.getByLabelText('Item'))).toEqual(
      expect.arrayContaining([
        'focus-visible:outline-2',
        'focus-visible:outline-offset-2',
        'focus-visible:outline-ring',
      ]),
    );
  });
});
