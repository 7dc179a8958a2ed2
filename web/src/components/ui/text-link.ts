/** An underlined link in running text, readable in both themes, with the focus ring every control has. */
export const TEXT_LINK_CLASS =
  'font-medium text-foreground underline underline-offset-4 hover:decoration-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';
