import { lazy, type ComponentType } from 'react';

/** A component whose code is fetched when it first renders, or sooner when asked. */
export type PreloadableComponent<P extends object> = ComponentType<P> & {
  /** Starts fetching the code; the same promise however often it is called. */
  preload: () => Promise<unknown>;
};

/**
 * React.lazy with a way to start the fetch early, on a sign that the
 * component is about to be wanted (a pointer over the page, a focused field),
 * so it is usually there when it renders. A failed fetch is forgotten, so the
 * next render or preload asks again instead of repeating the failure.
 */
export function lazyWithPreload<P extends object>(
  load: () => Promise<ComponentType<P>>,
): PreloadableComponent<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () => {
    loading ??= load().then(
      (component) => ({ default: component }),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  return Object.assign(lazy(preload), { preload });
}
