import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FileChoice } from './file-choice.tsx';

describe('FileChoice', () => {
  it("names the field with the page's words, shown on the button instead of the browser's", () => {
    render(<FileChoice id="proof" label="Elegir una foto o un PDF" />);
    const input = screen.getByLabelText('Elegir una foto o un PDF');
    expect(input).toHaveAttribute('type', 'file');
    // Out of sight but still in the tab order: the browser's "Choose Files" is never shown.
    expect(input).toHaveClass('sr-only');
    expect(input).not.toHaveAttribute('tabindex');
    const button = screen.getByText('Elegir una foto o un PDF');
    expect(button.tagName).toBe('LABEL');
    expect(button.className.split(/\s+/)).toEqual(
      expect.arrayContaining(['peer-focus-visible:outline-2', 'peer-focus-visible:outline-ring']),
    );
  });

  it('hands the chosen files to the form, and keeps its description and state', async () => {
    const onChange = vi.fn();
    render(
      <FileChoice
        id="proof"
        label="Choose a photo or PDF"
        multiple
        aria-invalid
        aria-describedby="proof-error"
        onChange={onChange}
      />,
    );
    const input = screen.getByLabelText('Choose a photo or PDF');
    expect(input).toHaveAttribute('aria-describedby', 'proof-error');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await userEvent
      .setup()
      .upload(input, new File(['%PDF'], 'paystub.pdf', { type: 'application/pdf' }));
    expect(onChange).toHaveBeenCalledOnce();
    expect((input as HTMLInputElement).files?.[0]?.name).toBe('paystub.pdf');
  });
});
