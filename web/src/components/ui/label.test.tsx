import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Label } from './label.tsx';
import { RadioGroupField } from './radio-group-field.tsx';

/*
 * jsdom draws nothing, so these check the line height a label is given. A
 * Spanish label often takes two lines on a phone ("¿Hay algo más que debamos
 * saber? (opcional)"); with no leading its lines touched each other.
 */

const classesOf = (element: HTMLElement) => element.className.split(/\s+/);

describe('the line height of a field name', () => {
  it('leaves room between the lines of a label that wraps', () => {
    render(<Label htmlFor="x">¿Hay algo más que debamos saber? (opcional)</Label>);
    const classes = classesOf(screen.getByText(/debamos saber/));
    expect(classes).toContain('leading-snug');
    expect(classes).not.toContain('leading-none');
  });

  it('leaves room between the lines of a radio group legend that wraps', () => {
    render(
      <RadioGroupField
        id="paperless"
        name="paperless"
        legend="¿Desea recibir sus estados de cuenta solo en línea?"
        options={[
          { value: 'true', label: 'Sí' },
          { value: 'false', label: 'No' },
        ]}
      />,
    );
    const classes = classesOf(screen.getByText(/solo en línea/));
    expect(classes).toContain('leading-snug');
    expect(classes).not.toContain('leading-none');
  });
});
