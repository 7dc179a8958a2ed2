/** The first stop of the keyboard: straight past the header to the page's main content. */
export function SkipLink({ children }: { children: string }) {
  return (
    <a
      href="#main-content"
      className="sr-only z-50 rounded-md bg-surface px-4 py-2 font-medium text-foreground shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
    >
      {children}
    </a>
  );
}
