import { afterEach, beforeAll, beforeEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { i18n, loadDashboardStrings } from './src/i18n/i18n';
import { DEFAULT_LANGUAGE } from './src/i18n/languages';

// findBy*/waitFor give a screen 5 s to appear (default 1 s): the first render of a file loads lazy chunks and,
// on a busy 2-core machine, outlasts a second. Only a hang fails; speed is measured in bench/.
configure({ asyncUtilTimeout: 5_000 });

// jsdom lacks the layout APIs Mantine relies on (media queries, element resizing, scrolling).
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

class ResizeObserverStub implements ResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
window.ResizeObserver ??= ResizeObserverStub;
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
HTMLElement.prototype.scrollTo ??= function scrollTo() {};
// No FontFaceSet either; Mantine's autosizing Textarea listens to document.fonts.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener() {}, removeEventListener() {} },
    configurable: true,
  });
}

// The app fetches Spanish and French when chosen; tests load them once up front so a switch
// is as quick as in a warmed-up browser, whatever the machine's load.
// Tests render feature screens without the dashboard shell that brings their English strings and date locales,
// so they load those too.
beforeAll(async () => {
  await Promise.all([i18n.loadLanguages(['es', 'fr']), loadDashboardStrings()]);
});

beforeEach(async () => {
  // Each test starts in English with nothing persisted, whatever the previous one switched to.
  window.localStorage.clear();
  await i18n.changeLanguage(DEFAULT_LANGUAGE);
});

afterEach(() => {
  cleanup();
});
