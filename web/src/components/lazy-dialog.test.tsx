import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { useIntent } from '@/lib/use-intent.ts';
import { lazyDialog } from './lazy-dialog.tsx';

interface NoteProps {
  text: string | null;
}

function Note({ text }: NoteProps) {
  return <div role="dialog">{text}</div>;
}

/** A loader the test settles by hand, counting how often it is asked. */
function manualLoader() {
  const settle: { resolve: () => void; reject: (error: Error) => void }[] = [];
  const load = vi.fn(
    () =>
      new Promise<typeof Note>((resolve, reject) => {
        settle.push({ resolve: () => resolve(Note), reject });
      }),
  );
  return { load, settle };
}

const isOpen = (props: NoteProps) => props.text !== null;

describe('lazyDialog', () => {
  it('fetches nothing while closed', () => {
    const { load } = manualLoader();
    const Dialog = lazyDialog(load, isOpen);
    render(<Dialog text={null} />);
    expect(load).not.toHaveBeenCalled();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows a spinner named Loading until its code arrives, then the dialog', async () => {
    const { load, settle } = manualLoader();
    const Dialog = lazyDialog(load, isOpen);
    render(<Dialog text="Pay" />);
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    await act(async () => settle[0]?.resolve());
    expect(await screen.findByRole('dialog')).toHaveTextContent('Pay');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('preloads once, however often asked', async () => {
    const { load, settle } = manualLoader();
    const Dialog = lazyDialog(load, isOpen);
    Dialog.preload();
    Dialog.preload();
    await act(async () => settle[0]?.resolve());
    render(<Dialog text="Pay" />);
    expect(load).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole('dialog')).toHaveTextContent('Pay');
  });

  it('asks again when opened after a failed preload', async () => {
    const { load, settle } = manualLoader();
    const Dialog = lazyDialog(load, isOpen);
    Dialog.preload();
    await act(async () => settle[0]?.reject(new Error('offline')));
    render(<Dialog text="Pay" />);
    expect(load).toHaveBeenCalledTimes(2);
    await act(async () => settle[1]?.resolve());
    expect(await screen.findByRole('dialog')).toHaveTextContent('Pay');
  });
});

function Region({ onIntent }: { onIntent: () => void }) {
  const root = useRef<HTMLDivElement>(null);
  useIntent(root, onIntent);
  return (
    <div ref={root}>
      <button type="button">Pay</button>
    </div>
  );
}

describe('useIntent', () => {
  it.each([
    ['the pointer moves over it', (button: HTMLElement) => fireEvent.pointerOver(button)],
    ['it is pressed', (button: HTMLElement) => fireEvent.pointerDown(button)],
    ['focus enters it', (button: HTMLElement) => button.focus()],
  ])('tells once, when %s', (_, reach) => {
    const onIntent = vi.fn();
    render(<Region onIntent={onIntent} />);
    expect(onIntent).not.toHaveBeenCalled();
    const button = screen.getByRole('button', { name: 'Pay' });
    reach(button);
    fireEvent.pointerOver(button);
    expect(onIntent).toHaveBeenCalledTimes(1);
  });
});
