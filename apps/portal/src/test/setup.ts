import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => cleanup());

// jsdom has no media queries; Bootstrap's responsive parts (the side menu) ask for
// `(min-width: …)`, answered here from the window's width (jsdom's default is 1024 px).
window.matchMedia ??= (query: string): MediaQueryList => {
  const minWidth = /\(min-width:\s*(\d+(?:\.\d+)?)px\)/.exec(query)?.[1];
  const maxWidth = /\(max-width:\s*(\d+(?:\.\d+)?)px\)/.exec(query)?.[1];
  const matches =
    (minWidth === undefined || window.innerWidth >= Number(minWidth)) &&
    (maxWidth === undefined || window.innerWidth <= Number(maxWidth));
  return {
    matches,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  };
};
